import OXOCore

/// The doorbell of this process's mail sender, rung by a change that queued a mail.
package enum MailDoorbell: ContextKey {
    package static func make(_ configuration: ServerConfiguration) -> Doorbell { Doorbell() }
}
