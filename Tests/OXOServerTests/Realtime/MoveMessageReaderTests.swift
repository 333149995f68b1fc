import Foundation
@testable import OXOServer
import OXOProtocol
import Testing

/// The move's own reader answers exactly what the decoder answers, or leaves the message
/// to the decoder; the moves the clients write take it.
@Suite("A move read without the decoder")
struct MoveMessageReaderTests {
    static let game = "3f2b8c1e-5d4a-4e6b-9a7c-2d1e0f9b8a76"

    static func decoded(_ text: String) -> ClientMessage? {
        try? Wire.decoder.decode(ClientMessage.self, from: Data(text.utf8))
    }

    @Test func theClientsMovesAreReadAsTheDecoderReadsThem() throws {
        let sdk = String(decoding: try Wire.encoder.encode(
            ClientMessage.move(id: "m7", game: try #require(GameID(Self.game)), cell: 4, moveNumber: 3)), as: UTF8.self)
        let texts = [
            sdk,
            #"{"type":"move","id":"12","game":"\#(Self.game)","cell":0,"move_number":1}"#,
            #" { "type" : "move" , "game" : "\#(Self.game.uppercased())" ,"cell":-1,"move_number":123456789 }"#,
            #"{"type":"move","game":"\#(Self.game)","cell":8,"move_number":9}"#,
            "{\"type\":\"move\",\n\t\"id\":\"\",\"game\":\"\(Self.game)\",\"cell\":2,\"move_number\":2}\r\n",
        ]
        for text in texts {
            let read = MoveMessageReader.read(text)
            #expect(read != nil, "\(text)")
            #expect(read == Self.decoded(text), "\(text)")
        }
    }

    @Test func whatItDoesNotReadIsLeftToTheDecoder() {
        let texts = [
            #"{"type":"ping","id":"1"}"#,
            #"{"type":"move","id":"a\"b","game":"\#(Self.game)","cell":0,"move_number":1}"#,
            #"{"type":"move","id":"é","game":"\#(Self.game)","cell":0,"move_number":1}"#,
            #"{"type":"move","id":null,"game":"\#(Self.game)","cell":0,"move_number":1}"#,
            #"{"type":"move","id":1,"game":"\#(Self.game)","cell":0,"move_number":1}"#,
            #"{"type":"move","game":"\#(Self.game)","cell":1.5,"move_number":1}"#,
            #"{"type":"move","game":"\#(Self.game)","cell":1e1,"move_number":1}"#,
            #"{"type":"move","game":"\#(Self.game)","cell":01,"move_number":1}"#,
            #"{"type":"move","game":"\#(Self.game)","cell":-0,"move_number":1}"#,
            #"{"type":"move","game":"\#(Self.game)","cell":1234567890,"move_number":1}"#,
            #"{"type":"move","game":"\#(Self.game)","cell":1,"cell":2,"move_number":1}"#,
            #"{"type":"move","game":"\#(Self.game)","cell":1,"moveNumber":1}"#,
            #"{"type":"move","game":"\#(Self.game)","cell":1,"move_number":1,"extra":{}}"#,
            #"{"type":"move","game":"not-a-game","cell":1,"move_number":1}"#,
            #"{"type":"move","game":"\#(Self.game)","cell":1}"#,
            #"{"type":"move","game":"\#(Self.game)","cell":1,"move_number":1}x"#,
            #"{"type":"move","game":"\#(Self.game)","cell":1,"move_number":1,}"#,
            #"[{"type":"move"}]"#, "", "{", "{}",
        ]
        for text in texts {
            #expect(MoveMessageReader.read(text) == nil, "\(text)")
        }
    }
}
