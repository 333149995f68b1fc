/// The table of operations as the web client reads it: `Public/js/paths.js`, written by
/// `oxo admin openapi --js` and committed, so the page needs no build step. A test holds the
/// committed file equal to this text, so it is never out of date.
public enum OperationsScript {
    public static var text: String {
        let width = Operations.all.map(\.id.count).max() ?? 0
        let entries = Operations.all.map { operation in
            let padding = String(repeating: " ", count: width - operation.id.count)
            return "  \(operation.id):\(padding) { method: \"\(operation.method.rawValue)\", path: \"\(operation.template)\" },"
        }
        return """
            // Every operation of the REST API: its method and its path, whose {parameters} api.js
            // fills. Written by `oxo admin openapi --js` from the table in
            // Sources/OXOProtocol/Operations; do not edit it by hand.
            export const operations = Object.freeze({
            \(entries.joined(separator: "\n"))
            });

            """
    }
}
