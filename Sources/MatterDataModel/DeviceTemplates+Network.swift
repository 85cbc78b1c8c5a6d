extension DeviceTemplates {
    /// A Network Infrastructure Manager (Device Library 1.4, 0x0090, issue 37): the home's Wi-Fi router and Thread
    /// border router, on Ethernet, with its three mandatory clusters on endpoint 1; what they show is the hub's Wi-Fi
    /// credentials and Thread networks (docs/devices.md, "Network infrastructure").
    static let network: [DeviceTemplate] = [
        DeviceTemplate(
            key: "network-infrastructure-manager", title: "Network Infrastructure Manager",
            deviceType: .networkInfrastructureManager, productName: "mhub Home Router",
            category: "Network infrastructure",
            clusters: [
                ClusterTemplate(.wiFiNetworkManagement), ClusterTemplate(.threadBorderRouterManagement),
                ClusterTemplate(.threadNetworkDirectory),
            ])
    ]
}
