import ArgumentParser
import Foundation
import OXOProtocol
import OXOServer

/// `oxo admin openapi`: the API as documents. The OpenAPI document is the one the server
/// serves at /openapi.json; `--js` writes the web client's `Public/js/paths.js` from the
/// table of operations instead.
struct OpenAPICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openapi",
        abstract: "Print the OpenAPI document, or with --js the web client's table of paths (Public/js/paths.js).",
        discussion: """
            After adding an operation to Sources/OXOProtocol/Operations (docs/ADDING-AN-ENDPOINT.md), write the \
            web client's table again:

              swift run oxo admin openapi --js > Sources/oxo/Public/js/paths.js
            """
    )

    @Flag(help: "Print Public/js/paths.js, the operations' methods and paths for the web client.")
    var js = false

    func run() throws {
        if js {
            print(OperationsScript.text, terminator: "")
        } else {
            FileHandle.standardOutput.write(try OpenAPIDocument.data())
        }
    }
}
