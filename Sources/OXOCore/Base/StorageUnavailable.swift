/// The server cannot store anything now: the disk is full, the data file is gone or
/// cannot be written, or the database does not answer. Clients get `503
/// storage_unavailable`; the reason is for the log and the operator.
package struct StorageUnavailable: Error, CustomStringConvertible {
    package let reason: String

    package var description: String { "storage unavailable: \(reason)" }
}
