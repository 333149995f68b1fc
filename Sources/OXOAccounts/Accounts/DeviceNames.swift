/// A session's device as people name it ("Chrome on Linux", "oxo terminal"), read from the
/// User-Agent it signed in with. Only words from these lists are ever stored or shown, so
/// a client cannot make the session list say anything it likes, and the text is bounded.
enum DeviceNames {
    /// The SDK's and the terminal client's own User-Agent products.
    static let sdkProduct = "OXOClient/"
    static let terminalProduct = "oxo/"

    /// Checked in this order: Edge and Opera also say Chrome, and Chrome also says Safari.
    private static let browsers: [(marker: String, name: String)] = [
        ("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"),
        ("Chromium/", "Chromium"), ("Safari/", "Safari"),
    ]
    /// Android and iOS before Linux and macOS, whose names their User-Agents carry too.
    private static let systems: [(marker: String, name: String)] = [
        ("Android", "Android"), ("iPhone", "iOS"), ("iPad", "iPadOS"), ("CrOS", "ChromeOS"),
        ("Windows", "Windows"), ("Mac OS X", "macOS"), ("Linux", "Linux"),
    ]

    static func describe(userAgent: String?) -> String {
        guard let userAgent, !userAgent.isEmpty else { return "Unknown device" }
        // A User-Agent longer than this is not one a real client sends; read no further.
        let agent = String(userAgent.prefix(512))
        if agent.hasPrefix(terminalProduct) { return "oxo terminal" }
        if agent.hasPrefix(sdkProduct) { return "OXO SDK" }
        let browser = browsers.first { agent.contains($0.marker) }?.name
        let system = systems.first { agent.contains($0.marker) }?.name
        switch (browser, system) {
        case let (browser?, system?): return "\(browser) on \(system)"
        case let (browser?, nil): return browser
        case let (nil, system?): return "A program on \(system)"
        case (nil, nil): return "Unknown device"
        }
    }
}
