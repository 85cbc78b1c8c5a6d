import Foundation
import Synchronization

/// HomeKit's `HMHomeManager` against mhub: it listens, and its `homes` stay empty until the hub's first sync
/// (`home_synced`, which the `slow_sync` fault delays) — as with HomeKit, an app that reads the homes before then
/// sees none. `firstSync()` waits for it; afterwards the homes follow the hub's changes.
public final class MHubHomeManager: Sendable {
    public let connection: MHubConnection
    private let state = Mutex(State())

    private struct State {
        var snapshot = HomeSnapshot()
        var waiters: [CheckedContinuation<Void, Never>] = []
        var ended = false
    }

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
            self?.end()
        }
    }

    /// The homes as the hub last told them; empty before the first sync.
    public var homes: [HomeSnapshot.Home] { state.withLock { $0.snapshot.homes } }

    public var hasSynced: Bool { state.withLock { $0.snapshot.hasSynced } }

    /// Waits for the first sync (or the connection's end), at most `timeout` seconds; returns the homes.
    public func firstSync(timeout: Double = 30) async throws(MHubClientError) -> [HomeSnapshot.Home] {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waiting = state.withLock { state in
                guard !state.snapshot.hasSynced, !state.ended else { return false }
                state.waiters.append(continuation)
                return true
            }
            if waiting {
                DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak self] in self?.wake() }
            } else {
                continuation.resume()
            }
        }
        if !hasSynced, let failure = connection.failure { throw failure }
        guard hasSynced else { throw .timeout("no first sync in \(timeout) s") }
        return homes
    }

    private func take(_ event: MHubEvent) async {
        let refresh = state.withLock { $0.snapshot.apply(event) }
        if refresh, let devices = try? await connection.devices() {
            state.withLock { $0.snapshot.replaceDevices(devices) }
        }
        if event.kind == .homeSynced { wake() }
    }

    private func end() {
        state.withLock { $0.ended = true }
        wake()
    }

    /// Resumes every waiter (each once: they leave the list under the lock).
    private func wake() {
        for waiter in state.withLock({ state in
            defer { state.waiters = [] }
            return state.waiters
        }) {
            waiter.resume()
        }
    }
}
