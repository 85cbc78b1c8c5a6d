extension DeviceTemplates {
    /// The catalog vendor ID of the casting video player's apps: the platform vendor's own catalog, mhub's test vendor
    /// ID 0xFFF1 (Application Launcher's CatalogList and ApplicationStruct's CatalogVendorID, Application Cluster Specification 6.4.6.1, 6.4.5.2).
    public static let appCatalogVendorID: UInt16 = 0xFFF1

    /// The Content Apps installed on the casting video player (Device Library 10.5): each an endpoint of its own below
    /// the player's, which is their Content App Platform (10.3, condition ContentAppPlatform). Each has the clusters
    /// 10.5 makes mandatory: Application Basic (who it is, and whether it runs), its own Application Launcher (without
    /// ApplicationPlatform, which 10.5 disallows) and Keypad Input (the keys the TV's remote sends it). Not an
    /// ObserverClient: no Binding, no Content App Observer client. "mhub Films" also takes Content Launcher, so that a
    /// casting client can ask the app itself for a film; "mhub Radio" is the plain app.
    static let contentApps: [PartTemplate] = [
        contentApp(name: "mhub Films", id: "mhub.films", product: 0x8024, launches: true),
        contentApp(name: "mhub Radio", id: "mhub.radio", product: 0x9024, launches: false),
    ]

    /// A Content App endpoint for the app `name` with ApplicationID `id` in the platform's catalog.
    static func contentApp(name: String, id: String, product: UInt64, launches: Bool) -> PartTemplate {
        let basic = ClusterTemplate(
            .applicationBasic,
            overrides: [
                0x0002: .string(name), 0x0003: .unsigned(product),
                0x0004: .structure([0: .unsigned(UInt64(appCatalogVendorID)), 1: .string(id)]),
            ])
        return PartTemplate(
            role: "content app \(name)", deviceType: .contentApp,
            clusters: [basic, ClusterTemplate(.appApplicationLauncher), ClusterTemplate(.keypadInput)]
                + (launches ? [ClusterTemplate(.contentLauncher)] : []))
    }
}
