import Foundation
import MHubPOSIX
import MatterNode

/// The socket calls of the Matter port: one UDP and one TCP socket on the same port, on every address.
///
/// IPv6 sockets with IPV6_V6ONLY off take IPv4 too (as `::ffff:a.b.c.d`); where IPv6 is missing, IPv4 alone.
/// Every descriptor is non-blocking and close-on-exec from its creation (`Sockets.bindEveryAddress`).
package enum MatterSockets {
    /// A port's bound sockets: UDP, and TCP listening on the same port if it serves TCP.
    package struct Bound {
        var udp: Int32
        var tcp: Int32?
        var port: UInt16
    }

    /// Binds UDP, then TCP on the same port; with port 0 the kernel picks UDP's and TCP follows, retried if
    /// that port is taken for TCP.
    static func bind(port: UInt16) throws(SystemError) -> Bound {
        var lastError = SystemError("bind", errno: .addressInUse)
        for _ in 0..<(port == 0 ? 20 : 1) {
            let udp = try Sockets.bindEveryAddress(type: Int32(SOCK_DGRAM.rawValue), port: port)
            do throws(SystemError) {
                let tcp = try Sockets.bindEveryAddress(type: Int32(SOCK_STREAM.rawValue), port: udp.port)
                do throws(SystemError) {
                    try tcp.fd.listen(backlog: 64)
                } catch {
                    tcp.fd.close()
                    throw error
                }
                return Bound(udp: udp.fd.rawValue, tcp: tcp.fd.rawValue, port: udp.port)
            } catch {
                lastError = SystemError("bind tcp port \(udp.port)", errno: error.errno)
                udp.fd.close()
                if port != 0 { throw lastError }
            }
        }
        throw lastError
    }

    /// A datagram waiting on `fd` and who sent it; nil when none is waiting.
    static func receive(_ fd: Int32, into buffer: inout [UInt8]) -> (count: Int, address: SocketAddress)? {
        let result = buffer.withUnsafeMutableBytes { FileDescriptor(rawValue: fd).receiveDatagram(into: $0) }
        guard case .success(let (count, address)) = result else { return nil }
        return (count, address)
    }

    /// Sends one datagram; false if the kernel would not take it now (UDP may drop; MRP retransmits).
    @discardableResult
    static func send(_ fd: Int32, _ bytes: [UInt8], to address: MatterUDPAddress) -> Bool {
        guard let target = SocketAddress(bytes: address.bytes),
            case .success(let sent) = FileDescriptor(rawValue: fd).sendDatagram(bytes, to: target)
        else { return false }
        return sent == bytes.count
    }
}
