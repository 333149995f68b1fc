/// Every operation of the REST API, one constant each, in the files beside this one by
/// part of the API. Adding an endpoint starts here (docs/ADDING-AN-ENDPOINT.md).
public enum Operations {
    /// Every operation, in the order of the parts.
    public static let all: [OperationSpec] = service + accounts + games + players + together + media + social + catalogue + chat + admin + push + streams + tournamentOperations
}
