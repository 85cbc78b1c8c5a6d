import Foundation
import MHubCore
import Synchronization

/// HomeKit's `HMHomeManager` against mhub: it listens, and its `homes` stay empty until the hub's first sync
/// (`home_synced`, which the `slow_sync` fault delays) — as with HomeKit, an app that reads the homes before then
/// sees none. `firstSync()` waits for it; afterwards the homes follow the hub's changes.
public final class MHubHomeManager: Sendable {
    public let connection: MHubConnection
    private let snapshot = Mutex(HomeSnapshot())
    private let synced = Mutex<[CheckedContinuation<Void, Never>]>([])

    /// Starts listening on `connection` (`start_listening {"events": "all"}`); returns at once, before the sync.
    public init(connection: MHubConnection) throws(MHubClientError) {
        self.connection = connection
        let updates = try connection.subscribe()
        Task { [weak self] in
            for await update in updates {
                guard let self else { return }
                guard case .event(let event) = update else { continue }
                await self.take(event)
            }
            self?.release()
        }
    }

    /// The homes as the hub last told them; empty before the first sync.
    public var homes: [HomeSnapshot.Home] { snapshot.withLock { $0.homes } }

    public var hasSynced: Bool { snapshot.withLock { $0.hasSynced } }

    /// Waits for the first sync (or the connection's end), at most `timeout` seconds; returns the homes.
    public func firstSync(timeout: Double = 30) async throws(MHubClientError) -> [HomeSnapshot.Home] {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = snapshot.withLock { $0.hasSynced } || connection.failure != nil
            if now {
                continuation.resume()
            } else {
                synced.withLock { $0.append(continuation) }
                DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak self] in self?.release() }
            }
        }
        if let failure = connection.failure { throw failure }
        guard hasSynced else {
            throw .timeout("no first sync in \(timeout) s")
        }
        return homes
    }

    private func take(_ event: MHubEvent) async {
        let refresh = snapshot.withLock { $0.apply(event) }
        if refresh, let devices = try? await connection.devices() {
            snapshot.withLock { $0.replaceDevices(devices) }
        }
        if event.name == "home_synced" { release() }
    }

    private func release() {
        for waiter in synced.withLock({ list in
            defer { list = [] }
            return list
        }) {
            waiter.resume()
        }
    }
}
