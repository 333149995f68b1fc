import Crypto
import Foundation

/// RFC 8291: a push message encrypted for one subscription with the `aes128gcm` content
/// coding of RFC 8188, as a single record. A fresh P-256 key pair of the sender's and a
/// fresh salt for every message; the receiver's public key (`p256dh`) and its auth secret
/// make the key and the nonce.
package struct WebPushEncryption {
    /// The record size written in the header; one record holds every message the server sends.
    static let recordSize: UInt32 = 4096
    /// What the server's payloads stay under, with room for the padding delimiter and the tag.
    package static let largestPlaintext = Int(recordSize) - 17

    private let senderKey: P256.KeyAgreement.PrivateKey
    private let salt: [UInt8]

    package init() {
        self.init(senderKey: P256.KeyAgreement.PrivateKey(), salt: (0..<16).map { _ in UInt8.random(in: .min ... .max) })
    }

    /// Fixed key and salt: RFC 8291 section 5's worked example, reproduced by a test.
    init(senderKey: P256.KeyAgreement.PrivateKey, salt: [UInt8]) {
        self.senderKey = senderKey
        self.salt = salt
    }

    /// The body to POST: header (salt, record size, the sender's public key) and the one record.
    package func encrypt(_ plaintext: [UInt8], for receiver: P256.KeyAgreement.PublicKey, authSecret: [UInt8]) throws -> [UInt8] {
        guard plaintext.count <= Self.largestPlaintext else { throw PushPayloadTooLarge() }
        let senderPublic = [UInt8](senderKey.publicKey.x963Representation)
        let receiverPublic = [UInt8](receiver.x963Representation)
        let shared = try senderKey.sharedSecretFromKeyAgreement(with: receiver)
        // IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" || 0 || ua_public || as_public, 32)
        let keyInfo = Array("WebPush: info".utf8) + [0] + receiverPublic + senderPublic
        let ikm = shared.hkdfDerivedSymmetricKey(using: SHA256.self, salt: authSecret, sharedInfo: keyInfo, outputByteCount: 32)
        let cek = HKDF<SHA256>.deriveKey(inputKeyMaterial: ikm, salt: salt,
                                          info: Array("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16)
        let nonce = HKDF<SHA256>.deriveKey(inputKeyMaterial: ikm, salt: salt,
                                            info: Array("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        // The last (and only) record ends with the delimiter 2 and no further padding.
        let sealed = try AES.GCM.seal(plaintext + [2], using: cek,
                                      nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Array($0) }))
        let header = salt + withUnsafeBytes(of: Self.recordSize.bigEndian) { Array($0) } + [UInt8(senderPublic.count)] + senderPublic
        return header + Array(sealed.ciphertext) + Array(sealed.tag)
    }
}

/// A payload longer than one record holds; the server's own never are.
struct PushPayloadTooLarge: Error {}
