import Dispatch
import Foundation
import MHubConfiguration
import MHubDiscovery
import MHubEventLoop
import MHubHub
import MHubPOSIX
import MatterUDC

/// Receives User Directed Commissioning messages on the UDC port, the port `_matterd._udp` advertises
/// (Matter reference E), and hands each IdentificationDeclaration to the hub.
///
/// Nothing is sent back: the declaration asks for no acknowledgement (R flag clear) and mhub sends no
/// Commissioner Declaration. A datagram that is not a declaration is logged at debug level and dropped,
/// as CHIP's server ignores it.
///
/// - Important: Confined to the daemon's queue.
final class UDCListener {
    /// The port bound (the one picked when the configuration says 0).
    let port: UInt16
    private let address: String
    private let queue: DispatchQueue
    private let poller: ReadPoller
    /// The registration with the poller, from `start` to `stop`.
    private var reads: ReadPoller.Registration?
    private var stopped = false
    private let fd: FileDescriptor
    private let logger: Logger
    private weak var service: (any HubAccess)?

    /// Datagrams read per wake-up, so a flood cannot hold the queue.
    private static let batch = 64
    /// Larger than any Matter datagram (`Message.maximumUDPLength`, 1280), so a longer one is seen as such.
    private static let receiveBuffer = 1500

    init(port requested: UInt16, queue: DispatchQueue, poller: ReadPoller, logger: Logger) throws(SystemError) {
        (fd, port, address) = try Sockets.bindEveryAddress(type: Int32(SOCK_DGRAM.rawValue), port: requested)
        self.logger = logger
        self.queue = queue
        self.poller = poller
    }

    func start(service: any HubAccess) {
        dispatchPrecondition(condition: .onQueue(queue))
        self.service = service
        do {
            reads = try poller.register(fd) { [weak self] in self?.receiveAll() }
            logger.notice("listening for User Directed Commissioning on udp:\(address):\(port)")
        } catch {
            logger.error("UDC port \(port): cannot wait for datagrams: \(error)")
        }
    }

    /// Stops reading and closes the socket.
    func stop() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !stopped else { return }
        stopped = true
        reads?.cancel()
        fd.close()
    }

    private func receiveAll() {
        var buffer = [UInt8](repeating: 0, count: Self.receiveBuffer)
        for _ in 0..<Self.batch {
            guard case .success(let (count, sender)) = buffer.withUnsafeMutableBytes({ fd.receiveDatagram(into: $0) })
            else { return }
            received(Array(buffer.prefix(count)), from: sender.text(unmappingIPv4: true))
        }
    }

    private func received(_ datagram: [UInt8], from sender: String) {
        let declaration: IdentificationDeclaration
        do {
            declaration = try UDCMessage.identificationDeclaration(from: datagram)
        } catch {
            logger.debug("ignored a \(datagram.count)-byte datagram on the UDC port from \(sender): \(error)")
            return
        }
        guard let service else { return }
        service.submit(.udcRequestReceived(UDCRequest(declaration, source: sender, receivedAt: service.now())))
    }
}
