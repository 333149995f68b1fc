import Crypto
import Foundation
@testable import OXOAccounts
import Testing

/// The encryption is RFC 8291's, byte for byte: its section 5 example, with the sender's
/// key and salt fixed as the RFC gives them.
@Suite("Web Push encryption")
struct WebPushEncryptionTests {
    @Test func theRFCsWorkedExampleIsReproducedByteForByte() throws {
        let senderKey = try P256.KeyAgreement.PrivateKey(
            rawRepresentation: try #require(Base64URL.decode("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw")))
        #expect(Base64URL.encode(senderKey.publicKey.x963Representation)
            == "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8")
        let receiver = try P256.KeyAgreement.PublicKey(x963Representation: try #require(Base64URL.decode(
            "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4")))
        let encryption = WebPushEncryption(senderKey: senderKey, salt: try #require(Base64URL.decode("DGv6ra1nlYgDCS1FRnbzlw")))
        let body = try encryption.encrypt(Array("When I grow up, I want to be a watermelon".utf8), for: receiver,
                                          authSecret: try #require(Base64URL.decode("BTBZMqHH6r4Tts7J_aSIgg")))
        #expect(Base64URL.encode(body) == """
            DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN
            """)
    }

    @Test func base64urlRefusesOtherAlphabetsAndTakesPadding() {
        #expect(Base64URL.decode("a+b/") == nil)
        #expect(Base64URL.decode("YQ==") == [0x61])
        #expect(Base64URL.decode("YQ") == [0x61])
        #expect(Base64URL.encode([0xfb, 0xff]) == "-_8")
    }

    @Test func aVAPIDTokenIsAnES256JWTForTheEndpointsOrigin() throws {
        let key = P256.Signing.PrivateKey()
        let vapid = VAPID(key: key, subject: "mailto:oxo@example.org")
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let header = try vapid.authorization(for: URL(string: "https://fcm.googleapis.com/fcm/send/abc")!, now: now)
        let parts = header.split(separator: " ")
        #expect(parts.first == "vapid")
        #expect(header.hasSuffix(", k=\(vapid.publicKey)"))
        let token = String(try #require(header.split(separator: "t=").last?.split(separator: ",").first))
        let pieces = token.split(separator: ".").map(String.init)
        #expect(pieces.count == 3)
        let claims = try JSONSerialization.jsonObject(with: Data(try #require(Base64URL.decode(pieces[1])))) as? [String: Any]
        #expect(claims?["aud"] as? String == "https://fcm.googleapis.com")
        #expect(claims?["exp"] as? Int == 1_800_000_000 + 12 * 3600)
        #expect(claims?["sub"] as? String == "mailto:oxo@example.org")
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: try #require(Base64URL.decode(pieces[2])))
        #expect(key.publicKey.isValidSignature(signature, for: Array("\(pieces[0]).\(pieces[1])".utf8)))
    }
}
