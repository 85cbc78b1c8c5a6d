import Foundation
import HomeKitAccessory
import MHubJSON
import Synchronization

/// A HomeKit accessory server (mhubd's HomeKit face, or HAP-python) driven as a controller drives it: paired once
/// with the setup code, then Pair Verify handshakes on fresh TCP connections, and writes of a light's On on one
/// verified connection.
final class HomeKitBench: Sendable {
    let port: UInt16
    let pairing: HAPControllerPairing

    /// Pairs with the accessory on `port` (unpaired, with `setupCode`), retrying the connection for up to `timeout`
    /// seconds while the server starts.
    init(port: UInt16, setupCode: String, timeout: Double = 60) throws {
        let deadline = monotonicSeconds() + timeout
        var connection: HAPControllerConnection?
        while connection == nil {
            do {
                connection = try HAPControllerConnection(port: port)
            } catch {
                guard monotonicSeconds() < deadline else { throw BenchFailure("no HomeKit port \(port): \(error)") }
                pause(0.05)
            }
        }
        self.port = port
        pairing = try connection!.pairSetup(setupCode: setupCode)
    }

    /// A new verified connection.
    func verifiedConnection() throws -> HAPControllerConnection {
        let connection = try HAPControllerConnection(port: port)
        try connection.pairVerify(pairing)
        return connection
    }

    /// `count` Pair Verify handshakes split over `concurrent` threads, each a fresh TCP connection (connect, M1–M4,
    /// close); each handshake's time from the connect to M4 goes into `latencies`.
    func handshakes(_ count: Int, concurrent: Int, into latencies: SharedSample) throws {
        let failures = Mutex<[String]>([])
        let done = DispatchGroup()
        for thread in 0..<concurrent {
            let share = count / concurrent + (thread < count % concurrent ? 1 : 0)
            done.enter()
            Thread.detachNewThread {
                defer { done.leave() }
                do {
                    var own = Sample()
                    for _ in 0..<share {
                        let start = monotonicSeconds()
                        _ = try self.verifiedConnection()
                        own.append(monotonicSeconds() - start)
                    }
                    latencies.append(contentsOf: own)
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        done.wait()
        if let failure = failures.withLock({ $0.first }) { throw BenchFailure("pair verify failed: \(failure)") }
    }

    /// The first light's On (aid, iid) in `GET /accessories`: a characteristic of type `25` in a Lightbulb service
    /// (`43`) of a bridged accessory (aid ≠ 1). Types may come short or as full UUIDs (HAP R14 §6.6.1).
    static func lightOn(on connection: HAPControllerConnection) throws -> (aid: Int64, iid: Int64) {
        let reply = try connection.request("GET", "/accessories")
        guard reply.status == 200 else { throw BenchFailure("GET /accessories: HTTP \(reply.status)") }
        let json = try JSONParser(maximumBytes: 1 << 24).parse(String(decoding: reply.body, as: UTF8.self))
        func isType(_ value: JSONValue?, _ short: String) -> Bool {
            guard case .string(let text)? = value else { return false }
            let upper = text.uppercased()
            return upper == short || upper == "000000\(short)-0000-1000-8000-0026BB765291"
        }
        guard case .array(let accessories)? = json["accessories"] else { throw BenchFailure("/accessories: no list") }
        for accessory in accessories {
            guard case .integer(let aid)? = accessory["aid"], aid != 1,
                case .array(let services)? = accessory["services"]
            else { continue }
            for service in services where isType(service["type"], "43") {
                guard case .array(let characteristics)? = service["characteristics"] else { continue }
                for characteristic in characteristics where isType(characteristic["type"], "25") {
                    if case .integer(let iid)? = characteristic["iid"] { return (aid, iid) }
                }
            }
        }
        throw BenchFailure("/accessories lists no light with On")
    }
}

/// Writes of one light's On on a verified connection, each the opposite of the last: `PUT /characteristics`,
/// answered 204 (HAP R14 §6.7.2.4: no content when every write succeeded).
final class HomeKitWriter {
    private let connection: HAPControllerConnection
    private let light: (aid: Int64, iid: Int64)
    private let state: LightSwitch

    /// A verified connection to `bench`'s accessory and its first light, whose On follows `state`.
    init(_ bench: HomeKitBench, light state: LightSwitch) throws {
        connection = try bench.verifiedConnection()
        light = try HomeKitBench.lightOn(on: connection)
        self.state = state
    }

    /// `count` writes, one after another; each one's round trip goes into `latencies`.
    func writes(_ count: Int, into latencies: inout Sample) throws {
        for _ in 0..<count {
            let body =
                #"{"characteristics":[{"aid":\#(light.aid),"iid":\#(light.iid),"value":\#(state.next())}]}"#
            let start = monotonicSeconds()
            let reply = try connection.request(
                "PUT", "/characteristics", body: Array(body.utf8), contentType: "application/hap+json")
            latencies.append(monotonicSeconds() - start)
            guard reply.status == 204 else {
                throw BenchFailure(
                    "PUT /characteristics: HTTP \(reply.status) \(String(decoding: reply.body, as: UTF8.self))")
            }
        }
    }
}

/// A sample the threads of one measurement add to.
final class SharedSample: Sendable {
    private let sample = Mutex(Sample())

    func append(contentsOf other: Sample) {
        sample.withLock { $0.append(contentsOf: other) }
    }

    /// What was added so far; the sample starts empty again.
    func take() -> Sample {
        sample.withLock { taken in
            defer { taken = Sample() }
            return taken
        }
    }
}
