import Dispatch
import MHubConfiguration
import MHubDiscovery
import MHubEventLoop
import MHubHub
import MHubPOSIX

/// How the hub is found on the network: the User Directed Commissioning listener and the DNS-SD
/// advertiser (docs/dns-sd.md). One start/stop unit for `Daemon`.
///
/// - Important: Confined to the daemon's queue.
final class DiscoveryServices {
    private let udc: UDCListener

    /// The UDC port bound (the configured one may be 0).
    var udcPort: UInt16 { udc.port }
    private let advertiser: Advertiser

    /// Binds the UDC port; a port that cannot be bound stops the start, as the control listeners' do.
    /// `matterPort` is the port the Matter port really bound (the configured one may be 0).
    init(
        configuration: DaemonConfiguration, matterPort: UInt16, queue: DispatchQueue, poller: ReadPoller,
        logger: Logger
    )
        throws(SystemError)
    {
        udc = try UDCListener(port: configuration.udc.port, queue: queue, poller: poller, logger: logger)
        advertiser = Advertiser(
            configuration: configuration, ports: AdvertisingPorts(matter: matterPort, udc: udc.port),
            queue: queue, logger: logger)
    }

    func start(service: any HubAccess) {
        udc.start(service: service)
        advertiser.start(service: service)
    }

    /// A reloaded configuration: the `dns_sd`, `thread` and `hub` keys change the records at once; the
    /// ports (`matter.port`, `udc.port`) keep their running values until a restart.
    func configurationChanged(_ configuration: DaemonConfiguration) {
        advertiser.configurationChanged(configuration)
    }

    /// Withdraws the records, then closes the UDC port.
    func stop() {
        advertiser.stop()
        udc.stop()
    }
}
