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
