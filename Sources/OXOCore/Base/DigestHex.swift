import Crypto

extension SHA256Digest {
    /// The digest in lowercase hexadecimal, as session tokens and stored files are known
    /// by. Written out by hand: formatting each byte with `String(format:)` cost more than
    /// the hash, on every request that is signed in.
    package var hexadecimal: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(Self.byteCount * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
