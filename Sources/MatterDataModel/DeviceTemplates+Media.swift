extension DeviceTemplates {
    /// The media devices: speaker, basic and casting video players and the media controllers (issue 37).
    ///
    /// Each is one endpoint, as Device Library 10 composes them. The casting video player is not a Content App
    /// Platform (10.3: no Application Launcher, no Content App endpoints): it plays what it is told to launch itself;
    /// the Content App device type (10.5) is an endpoint such a platform makes for each installed app, not a device of
    /// its own, so it is no template (docs/devices.md, "The media devices").
    static let media: [DeviceTemplate] = [
        DeviceTemplate(
            key: "speaker", title: "Speaker", deviceType: .speaker, productName: "mhub Speaker", category: "Media",
            // Device Library 10.4: On/Off on is sound on (off mutes), Level Control's CurrentLevel the volume.
            clusters: [
                identify(.audibleBeep), ClusterTemplate(.plainOnOff, overrides: [0x0000: .bool(true)]),
                ClusterTemplate(.volumeLevelControl),
            ]),
        DeviceTemplate(
            key: "basic-video-player", title: "Basic Video Player", deviceType: .basicVideoPlayer,
            productName: "mhub TV", category: "Media", clusters: videoPlayerClusters),
        DeviceTemplate(
            key: "casting-video-player", title: "Casting Video Player", deviceType: .castingVideoPlayer,
            productName: "mhub Smart TV", category: "Media",
            clusters: videoPlayerClusters + [ClusterTemplate(.contentLauncher)]),
        mediaController(
            key: "casting-video-client", title: "Casting Video Client", type: .castingVideoClient,
            product: "mhub Casting App",
            // Device Library 10.6: the mandatory On/Off, Keypad Input, Content Launcher and Application Basic clients,
            // and Level Control and Media Playback, which a casting app uses for volume and play/pause. A phone's app,
            // on the phone's battery (BatReplaceability 3, factory replaceable).
            clients: [0x0006, 0x0008, 0x0506, 0x0509, 0x050A, 0x050D], identifyType: .display,
            battery: ClusterTemplate(
                .batteryPowerSource,
                overrides: [0x0010: .unsigned(3), 0x0013: .string("Li-ion (phone)"), 0x0019: .unsigned(1)])),
        mediaController(
            key: "video-remote-control", title: "Video Remote Control", type: .videoRemoteControl,
            product: "mhub TV Remote",
            // Device Library 10.7: the mandatory On/Off, Media Playback and Keypad Input clients, and Level Control for
            // the volume keys.
            clients: [0x0006, 0x0008, 0x0506, 0x0509], identifyType: .visibleIndicator,
            battery: battery("AAA", quantity: 2)),
    ]

    /// A TV's endpoint (Device Library 10.2): its power (On/Off: off is standby), Media Playback, Keypad Input, and
    /// the optional clusters a TV has and mhub simulates: Low Power (Sleep), Audio Output (speakers, HDMI ARC,
    /// headphones) and Media Input (its tuner and HDMI inputs: the PhysicalInputs condition). Left out: Channel and
    /// Target Navigator (the player holds one film, not a channel line-up or apps), Wake On LAN (nothing to wake on a
    /// simulated network), Content Control (provisional), Messages.
    static let videoPlayerClusters: [ClusterTemplate] = [
        identify(.display), ClusterTemplate(.plainOnOff, overrides: [0x0000: .bool(true)]),
        ClusterTemplate(.mediaPlayback), ClusterTemplate(.keypadInput), ClusterTemplate(.lowPower),
        ClusterTemplate(.audioOutput), ClusterTemplate(.mediaInput),
    ]

    /// A media controller: its Identify server, the client clusters it commands a player with, and a Binding to say
    /// which (`set_node_binding`), on its `battery`.
    static func mediaController(
        key: String, title: String, type: DeviceTypeRef, product: String, clients: [ClusterID],
        identifyType: IdentifyType, battery: ClusterTemplate
    ) -> DeviceTemplate {
        DeviceTemplate(
            key: key, title: title, deviceType: type, productName: product, category: "Media",
            clusters: [identify(identifyType), ClusterTemplate(.binding), battery], clients: clients,
            utilityTypes: [.powerSource])
    }
}
