import MatterDataModel

extension ClusterChoices {
    /// The casting video player as a Content App Platform (Device Library 10.3, condition ContentAppPlatform) and its
    /// Content App endpoints (10.5): the platform's Application Launcher, an app's own Application Launcher and its
    /// Application Basic (issue 37).
    static let contentApp: [ClusterChoice] = [
        ClusterChoice(
            name: "appApplicationLauncher", cluster: "ApplicationLauncher",
            notes: [
                "A Content App's own launcher, without ApplicationPlatform (Device Library 10.5 disallows it):",
                "LaunchApp, StopApp and HideApp without an Application field act on the app itself. First of the two, so",
                "that the catalog's commands take Application as optional; the platform's launcher requires it.",
            ]),
        ClusterChoice(
            name: "platformApplicationLauncher", cluster: "ApplicationLauncher", features: ["AP"],
            optional: ["CurrentApp"],
            defaults: ["CatalogList": .list([.unsigned(0xFFF1)]), "CurrentApp": .null],
            notes: [
                "The Content App Platform's launcher (ApplicationPlatform): its apps are in one catalog, the platform",
                "vendor's own (CatalogList [0xFFF1], mhub's test vendor ID; 0x0000 would be the DIAL registry: 6.4.6.1, 6.4.5.2).",
                "CurrentApp {0 Application {0 CatalogVendorID, 1 ApplicationID}, 1 Endpoint} is the app in focus, null",
                "while none is (`ApplicationLauncherLogic`).",
            ]),
        ClusterChoice(
            name: "applicationBasic", cluster: "ApplicationBasic", optional: ["VendorName", "VendorId", "ProductId"],
            defaults: [
                "VendorName": .string("mhub"), "VendorId": .unsigned(0xFFF1), "ApplicationName": .string("mhub Films"),
                "ProductId": .unsigned(0x8024),
                "Application": .structure([0: .unsigned(0xFFF1), 1: .string("mhub.films")]),
                "Status": .unsigned(0), "ApplicationVersion": .string("1.0"),
                "AllowedVendorList": .list([.unsigned(0xFFF1)]),
            ],
            notes: [
                "An installed app, stopped at the start (Status 0 Stopped). Application is {0 CatalogVendorID,",
                "1 ApplicationID} in the platform's catalog; a template gives each app its own name and ID. Only mhub's",
                "vendor may reach it (AllowedVendorList).",
            ]),
    ]
}
