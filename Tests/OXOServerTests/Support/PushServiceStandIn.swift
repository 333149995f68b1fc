import Crypto
import Foundation
import NIOConcurrencyHelpers
import OXOAccounts
import OXOCore
import Vapor

/// A push service on a free port of 127.0.0.1, doing what a real one does with a push
/// before a browser sees it: it checks the VAPID token (signed by the key the server
/// publishes, for this origin, not expired) and, in the browser's place, decrypts the body
/// with the device's private key and auth secret (RFC 8291, written here apart from the
/// server's code). A test queues answers (a 410, a 503) for the next pushes.
final class PushServiceStandIn: Sendable {
    /// A browser's side of a subscription: its key pair and auth secret.
    struct Device: Sendable {
        let name: String
        let key = P256.KeyAgreement.PrivateKey()
        let auth: [UInt8] = (0..<16).map { _ in UInt8.random(in: .min ... .max) }

        var p256dh: String { Base64URL.encode(key.publicKey.x963Representation) }
    }

    /// A push as received, decrypted.
    struct Received: Sendable {
        let device: String
        let payload: [String: String]
        let ttl: String?
        let urgency: String?
        let topic: String?
    }

    private struct State {
        var serverKey: String?
        var devices: [String: Device] = [:]
        var queued: [(status: Int, retryAfter: String?)] = []
        var received: [Received] = []
        var refusals: [String] = []
        var posts = 0
        var postsTo: [String: Int] = [:]
        var dribbling: Set<String> = []
    }

    private let app: Application
    private let state: NIOLockedValueBox<State>
    let origin: String
    /// The `--push-service` that admits this stand-in.
    var service: String { String(origin.dropFirst("http://".count)) }

    private init(app: Application, state: NIOLockedValueBox<State>, origin: String) {
        self.app = app
        self.state = state
        self.origin = origin
    }

    /// `now`: the time a token's expiry is checked against (the server's clock in a test that sets it).
    static func start(now: @escaping @Sendable () -> Date = Date.init) async throws -> PushServiceStandIn {
        let app = try await Application.make(.testing)
        app.logger.logLevel = .warning
        let state = NIOLockedValueBox(State())
        let origin = NIOLockedValueBox("")
        app.on(.POST, "push", ":device", body: .collect(maxSize: "16kb")) { request -> Response in
            let name = request.parameters.get("device") ?? ""
            let (device, serverKey, queued, dribbling) = state.withLockedValue { state in
                state.posts += 1
                state.postsTo[name, default: 0] += 1
                return (state.devices[name], state.serverKey, state.queued.isEmpty ? nil : state.queued.removeFirst(),
                        state.dribbling.contains(name))
            }
            if dribbling { return dribblingAnswer() }
            if let queued {
                var headers = HTTPHeaders()
                if let retryAfter = queued.retryAfter { headers.add(name: "Retry-After", value: retryAfter) }
                return Response(status: HTTPResponseStatus(statusCode: queued.status), headers: headers)
            }
            guard let device else { return Response(status: .gone) }
            do {
                try checkVAPID(request.headers.first(name: "Authorization"), key: serverKey, origin: origin.withLockedValue { $0 },
                               now: now())
                guard request.headers.first(name: "Content-Encoding") == "aes128gcm" else { throw Refusal("no aes128gcm") }
                let body = request.body.data.map { Array($0.readableBytesView) } ?? []
                let plaintext = try decrypt(body, for: device)
                let payload = try JSONDecoder().decode([String: String].self, from: Data(plaintext))
                state.withLockedValue {
                    $0.received.append(Received(device: name, payload: payload, ttl: request.headers.first(name: "TTL"),
                                                urgency: request.headers.first(name: "Urgency"),
                                                topic: request.headers.first(name: "Topic")))
                }
                return Response(status: .created)
            } catch {
                state.withLockedValue { $0.refusals.append("\(error)") }
                return Response(status: .badRequest)
            }
        }
        let address = try await app.startStandIn()
        origin.withLockedValue { $0 = address }
        return PushServiceStandIn(app: app, state: state, origin: address)
    }

    func stop() async throws {
        await app.server.shutdown()
        try await app.asyncShutdown()
    }

    /// The server's VAPID public key, as `GET /v1/push/key` gave it: tokens must be signed by it.
    func trust(serverKey: String) { state.withLockedValue { $0.serverKey = serverKey } }

    /// A new device (a browser profile) and the body that subscribes it.
    func device(_ name: String) -> (device: Device, subscription: String) {
        let device = Device(name: name)
        state.withLockedValue { $0.devices[name] = device }
        return (device, """
            {"endpoint":"\(origin)/push/\(name)","keys":{"p256dh":"\(device.p256dh)","auth":"\(Base64URL.encode(device.auth))"}}
            """)
    }

    /// A device whose service is slow on purpose: it answers 201 at once, then sends its
    /// body a byte every 200 ms, for as long as the connection lasts.
    func dribble(to name: String) {
        state.withLockedValue { _ = $0.dribbling.insert(name) }
    }

    private static func dribblingAnswer() -> Response {
        Response(status: .created, body: .init(asyncStream: { writer in
            do {
                for _ in 0..<10_000 {
                    try await writer.write(.buffer(ByteBuffer(string: " ")))
                    try await Task.sleep(for: .milliseconds(200))
                }
                try await writer.write(.end)
            } catch {
                // The server hung up, as it should: the stream must still be ended.
                try? await writer.write(.error(error))
            }
        }, count: 10_000))
    }

    /// The next pushes are answered with these statuses, in order, before any is read.
    func answerNext(_ status: Int, retryAfter: String? = nil) {
        state.withLockedValue { $0.queued.append((status, retryAfter)) }
    }

    var received: [Received] { state.withLockedValue { $0.received } }
    var serverKey: String? { state.withLockedValue { $0.serverKey } }
    /// Pushes it could not check or decrypt: none, when the server is right.
    var refusals: [String] { state.withLockedValue { $0.refusals } }
    /// Every POST, answered however.
    var posts: Int { state.withLockedValue { $0.posts } }
    /// The POSTs to one device, answered however.
    func posts(to name: String) -> Int { state.withLockedValue { $0.postsTo[name] ?? 0 } }

    /// Waits until `count` pushes were received (or fails after 20 s).
    func pushes(_ count: Int) async throws -> [Received] {
        try await within {
            while self.received.count < count { try await Task.sleep(for: .milliseconds(20)) }
            return self.received
        }
    }

    struct Refusal: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// RFC 8292: `vapid t=<JWT>, k=<key>`, the key the server publishes, the JWT signed by
    /// it with ES256, for this origin, expiring within a day.
    private static func checkVAPID(_ header: String?, key: String?, origin: String, now: Date) throws {
        guard let header, header.hasPrefix("vapid ") else { throw Refusal("no vapid authorization") }
        var fields: [String: String] = [:]
        for part in header.dropFirst("vapid ".count).split(separator: ",") {
            let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1).map(String.init)
            if pair.count == 2 { fields[pair[0]] = pair[1] }
        }
        guard let key, fields["k"] == key, let keyBytes = Base64URL.decode(key) else { throw Refusal("not the server's key") }
        let pieces = (fields["t"] ?? "").split(separator: ".").map(String.init)
        guard pieces.count == 3, let signatureBytes = Base64URL.decode(pieces[2]), let claimBytes = Base64URL.decode(pieces[1]),
              let headerBytes = Base64URL.decode(pieces[0])
        else { throw Refusal("not a JWT") }
        let jwtHeader = try JSONDecoder().decode([String: String].self, from: Data(headerBytes))
        guard jwtHeader["alg"] == "ES256" else { throw Refusal("not ES256") }
        let publicKey = try P256.Signing.PublicKey(x963Representation: keyBytes)
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: signatureBytes)
        guard publicKey.isValidSignature(signature, for: Array("\(pieces[0]).\(pieces[1])".utf8)) else {
            throw Refusal("bad signature")
        }
        let claims = try JSONSerialization.jsonObject(with: Data(claimBytes)) as? [String: Any] ?? [:]
        guard claims["aud"] as? String == origin else { throw Refusal("aud is \(claims["aud"] ?? "missing")") }
        guard let exp = claims["exp"] as? Int, Double(exp) > now.timeIntervalSince1970,
              Double(exp) <= now.timeIntervalSince1970 + 24 * 3600
        else {
            throw Refusal("exp out of range")
        }
        guard let sub = claims["sub"] as? String, sub.hasPrefix("mailto:") || sub.hasPrefix("https://") else {
            throw Refusal("no sub")
        }
    }

    /// RFC 8291 from the receiving end: the header's salt and the sender's key, the shared
    /// secret with the device's key, the key and nonce derived, one record opened.
    private static func decrypt(_ body: [UInt8], for device: Device) throws -> [UInt8] {
        guard body.count > 21 else { throw Refusal("too short") }
        let salt = Array(body[0..<16])
        let idLength = Int(body[20])
        guard body.count > 21 + idLength + 16 else { throw Refusal("too short") }
        let senderPublic = Array(body[21..<(21 + idLength)])
        let record = Array(body[(21 + idLength)...])
        let sender = try P256.KeyAgreement.PublicKey(x963Representation: senderPublic)
        let shared = try device.key.sharedSecretFromKeyAgreement(with: sender)
        let receiverPublic = Array(device.key.publicKey.x963Representation)
        let prkKey = HMAC<SHA256>.authenticationCode(for: shared.withUnsafeBytes { Array($0) }, using: SymmetricKey(data: device.auth))
        let keyInfo = Array("WebPush: info".utf8) + [0] + receiverPublic + senderPublic + [1]
        let ikm = HMAC<SHA256>.authenticationCode(for: keyInfo, using: SymmetricKey(data: Array(prkKey)))
        let prk = HMAC<SHA256>.authenticationCode(for: Array(ikm), using: SymmetricKey(data: salt))
        let cek = HMAC<SHA256>.authenticationCode(for: Array("Content-Encoding: aes128gcm".utf8) + [0, 1],
                                                  using: SymmetricKey(data: Array(prk))).prefix(16)
        let nonce = HMAC<SHA256>.authenticationCode(for: Array("Content-Encoding: nonce".utf8) + [0, 1],
                                                    using: SymmetricKey(data: Array(prk))).prefix(12)
        let box = try AES.GCM.SealedBox(nonce: AES.GCM.Nonce(data: Array(nonce)), ciphertext: record.dropLast(16),
                                        tag: record.suffix(16))
        var padded = Array(try AES.GCM.open(box, using: SymmetricKey(data: Array(cek))))
        while padded.last == 0 { padded.removeLast() }
        guard padded.last == 2 else { throw Refusal("not the last record's delimiter") }
        return Array(padded.dropLast())
    }
}

/// Runs `body` against a server that admits a fresh push stand-in, and stops both.
func withPushServer<T>(
    clock: ManualClock? = nil, adjust: @escaping (inout ServerConfiguration) -> Void = { _ in },
    _ body: (TestServer, PushServiceStandIn) async throws -> T
) async throws -> T {
    let standIn = try await PushServiceStandIn.start(now: { clock?.clock.now ?? Date() })
    do {
        let result = try await withServer(clock: clock, adjust: {
            $0.pushServices = [standIn.service]
            adjust(&$0)
        }) { try await body($0, standIn) }
        try await standIn.stop()
        return result
    } catch {
        try? await standIn.stop()
        throw error
    }
}
