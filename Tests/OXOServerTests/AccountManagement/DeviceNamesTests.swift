@testable import OXOAccounts
import Testing

/// A session's device is named from its User-Agent in a few plain words, never from the
/// header's own text.
@Suite("Naming a session's device")
struct DeviceNamesTests {
    @Test(arguments: [
        ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36", "Chrome on Linux"),
        ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0",
         "Edge on Windows"),
        ("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5; rv:132.0) Gecko/20100101 Firefox/132.0", "Firefox on macOS"),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
         "Safari on iOS"),
        ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
         "Chrome on Android"),
        ("oxo/1", "oxo terminal"), ("OXOClient/1", "OXO SDK"), ("curl/8.5.0", "Unknown device"),
        ("", "Unknown device"), ("<script>alert(1)</script> Linux", "A program on Linux"),
    ])
    func names(_ agent: String, _ device: String) {
        #expect(DeviceNames.describe(userAgent: agent) == device)
    }
}
