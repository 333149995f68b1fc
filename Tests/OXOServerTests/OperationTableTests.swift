import Foundation
import OXOProtocol
import OXOServer
import Testing

/// `Operations` is the one place a path is written: the server registers its routes from
/// it and the SDK builds its requests from it. This holds it equal to the OpenAPI document,
/// operation by operation: method, path, parameters, who may call it, and the schemas of
/// its body and its answer.
@Suite("The table of operations and the OpenAPI document agree")
struct OperationTableTests {
    let spec: OpenAPISpec
    let table: [String: OperationSpec]

    init() throws {
        spec = try OpenAPISpec(OpenAPIDocument.data())
        table = Dictionary(uniqueKeysWithValues: Operations.all.map { ($0.id, $0) })
    }

    @Test func everyDocumentedOperationIsInTheTableOnceAndNothingElse() {
        #expect(table.count == Operations.all.count, "each id once")
        let documented = Set(spec.operations.map(\.description))
        let tabled = Set(Operations.all.map(\.description))
        #expect(documented.subtracting(tabled).isEmpty, "documented, not in Operations: \(documented.subtracting(tabled).sorted())")
        #expect(tabled.subtracting(documented).isEmpty, "in Operations, not documented: \(tabled.subtracting(documented).sorted())")
    }

    @Test func eachOperationHasTheDocumentsIdParametersAndAccess() {
        for operation in spec.operations {
            guard let definition = spec.definition(of: operation), let id = definition["operationId"]?.string,
                  let entry = table[id] else {
                Issue.record("\(operation) has no operationId found in Operations")
                continue
            }
            #expect(entry.description == operation.description, "\(id)")
            #expect(entry.parameters == operation.parameterNames, "\(id)")
            #expect((entry.access == .open) == spec.isPublic(operation), "\(id): who may call it")
        }
    }

    @Test func eachOperationsBodyAndAnswerAreTheDocumentsSchemas() {
        for operation in spec.operations {
            guard let definition = spec.definition(of: operation), let id = definition["operationId"]?.string,
                  let entry = table[id] else { continue }
            #expect(entry.body == bodyName(definition), "\(id): its body")
            #expect(entry.response == answerName(definition), "\(id): its answer")
        }
    }

    @Test func theWebClientsTableOfPathsIsWrittenFromThisOne() throws {
        let file = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../Sources/oxo/Public/js/paths.js")
        let committed = try String(contentsOf: file, encoding: .utf8)
        #expect(committed == OperationsScript.text,
                "Public/js/paths.js is out of date: swift run oxo admin openapi --js > Sources/oxo/Public/js/paths.js")
    }

    /// The schema of the request's body as `OperationSpec.body` names it.
    private func bodyName(_ definition: JSONValue) -> String {
        guard let (type, content) = definition["requestBody"]?["content"]?.object?.first else { return "NoBody" }
        return type == "application/json" ? schemaName(content["schema"]) : "FileUpload"
    }

    /// The schema of the first successful answer as `OperationSpec.response` names it.
    private func answerName(_ definition: JSONValue) -> String {
        let responses = definition["responses"]?.object ?? [:]
        guard let code = responses.keys.filter({ $0.hasPrefix("2") || $0 == "101" }).sorted().first,
              let answer = responses[code].map(spec.resolve),
              let (type, content) = answer["content"]?.object?.first
        else { return "NoContent" }
        guard type == "application/json" else { return "RawAnswer" }
        let name = schemaName(content["schema"])
        return name == "object" ? "JSONObject" : name
    }

    private func schemaName(_ schema: JSONValue?) -> String {
        guard let schema else { return "?" }
        if let reference = schema["$ref"]?.string { return String(reference.split(separator: "/").last!) }
        if let items = schema["items"] { return "[\(schemaName(items))]" }
        if let first = (schema["allOf"] ?? schema["anyOf"])?.array?.first { return schemaName(first) }
        return schema["type"]?.string ?? "?"
    }
}
