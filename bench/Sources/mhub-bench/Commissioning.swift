import MHubClient
import MHubConfiguration

/// Adds `count` on-off lights (discriminators from `firstDiscriminator`) and returns their QR codes.
///
/// The lights join Wi-Fi, so the hub is given Wi-Fi credentials first, as an app's user gives them, or `network_setup`
/// fails (docs/devices.md, "Networks"). An mhubd from before issue 32 (`--before`) has no such command and needs none:
/// its refusal is ignored.
func addLights(_ pipe: MHubMessagePipe, count: Int, firstDiscriminator: Int) throws -> [String] {
    _ = try? pipe.call("set_wifi_credentials", ["ssid": "Bench Wi-Fi", "credentials": "correct horse"])
    return try (0..<count).map { index in
        let device = try pipe.call(
            "add_simulated_device",
            [
                "template": "on-off-light", "name": .string("Bench light \(index)"),
                "discriminator": .integer(Int64((firstDiscriminator + index) % 4096)), "passcode": 20_202_021,
            ])
        guard case .string(let code)? = device["qr_code"] else { throw BenchFailure("no qr_code in \(device)") }
        return code
    }
}

/// Full commissioning sessions, one after another, as an app following the Google Home APIs flow runs them:
/// prepare, commission with the code, name the device, complete. The function returned makes `n` more, each with
/// the next of `codes`.
func commissioningSessions(_ pipe: MHubMessagePipe, codes: [String]) -> (Int) throws -> Void {
    var next = 0
    return { count in
        for _ in 0..<count {
            guard next < codes.count else { throw BenchFailure("no light left to commission") }
            try pipe.call("prepare_commissioning")
            try pipe.call("commission_with_code", ["code": .string(codes[next])])
            try pipe.call("configure_device", ["name": .string("Commissioned \(next)")])
            try pipe.call("complete_commissioning")
            next += 1
        }
    }
}

/// The floor of a commissioning session, four requests answered at once: the function returned makes `n` more
/// sessions' worth of echoed `server_info` requests on `pipe`, one after another.
func echoSessions(_ pipe: MHubMessagePipe) -> (Int) throws -> Void {
    var next = 0
    return { count in
        for _ in 0..<(count * 4) {
            try pipe.send(serverInfoRequest(next))
            _ = try pipe.receive()
            next += 1
        }
    }
}

/// Fills the home with `count` commissioned lights through OHF's one-call flow (`commission_with_code`
/// without a prepared session), each device added just before it is commissioned so discriminators can repeat.
/// Returns devices per second.
func commissionLights(_ pipe: MHubMessagePipe, count: Int) throws -> Double {
    let start = monotonicSeconds()
    for index in 0..<count {
        let code = try addLights(pipe, count: 1, firstDiscriminator: index)[0]
        try pipe.call("commission_with_code", ["code": .string(code)])
    }
    return Double(count) / (monotonicSeconds() - start)
}

/// The Thread network's Active Operational Dataset the hub is given for devices on Thread (OpenThread's
/// `dataset init new` form; network "OpenThreadDemo").
let benchThreadDataset =
    "0e080000000000010000000300000f35060004001fffe0020811111111222222220708fdad70bfe5aa15dd051000112233445566778899"
    + "aabbccddeeff030e4f70656e54687265616444656d6f010212340410445f2b5ca6f2a93a55ce570a70efeecb0c0402a0f7f8"

/// Fills the home with `count` commissioned devices of mixed kinds, as `commissionLights` fills it with lights: the
/// templates the server lists (`get_templates`, the bridge left out) in turn, each device added just before it is
/// commissioned with `commission_with_code`. The hub is given Wi-Fi credentials and a Thread dataset first, so that
/// every template's network is set up (an mhubd from before issue 32 refuses both and needs neither). Returns the
/// templates used, in their order.
func commissionMixedDevices(_ pipe: MHubMessagePipe, count: Int) throws -> [String] {
    _ = try? pipe.call("set_wifi_credentials", ["ssid": "Bench Wi-Fi", "credentials": "correct horse"])
    _ = try? pipe.call("set_thread_dataset", ["dataset": .string(benchThreadDataset)])
    guard case .array(let listed) = try pipe.call("get_templates") else { throw BenchFailure("get_templates: no list") }
    let templates = listed.compactMap { template -> String? in
        guard case .string(let key)? = template["key"], key != "bridge" else { return nil }
        return key
    }
    guard !templates.isEmpty else { throw BenchFailure("get_templates lists no template") }
    for index in 0..<count {
        let template = templates[index % templates.count]
        let device = try pipe.call(
            "add_simulated_device",
            [
                "template": .string(template), "name": .string("Bench \(template) \(index)"),
                "discriminator": .integer(Int64(index % 4096)), "passcode": 20_202_021,
            ])
        guard case .string(let code)? = device["qr_code"] else { throw BenchFailure("no qr_code in \(device)") }
        try pipe.call("commission_with_code", ["code": .string(code)])
    }
    return templates
}
