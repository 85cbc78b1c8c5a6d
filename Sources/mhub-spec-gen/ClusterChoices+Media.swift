import MatterDataModel

extension ClusterChoices {
    /// The media devices: speaker, basic and casting video players and the media controllers (issue 37).
    static let media: [ClusterChoice] = [
        ClusterChoice(
            name: "volumeLevelControl", cluster: "LevelControl", features: ["OO"], optional: ["MinLevel", "MaxLevel"],
            defaults: [
                "CurrentLevel": .unsigned(100), "MinLevel": .unsigned(1), "MaxLevel": .unsigned(254),
            ],
            ranges: [
                "CurrentLevel": 1...254, "MinLevel": 1...254, "MaxLevel": 1...254, "OnLevel": 1...254,
            ],
            notes: [
                "A speaker's volume (Device Library 10.4): CurrentLevel 1 to 254 is the volume, tied to the On/Off that",
                "mutes it (OnOff feature); without Lighting. It starts at 100 of 254.",
            ]),
        ClusterChoice(
            name: "mediaPlayback", cluster: "MediaPlayback", features: ["AS", "VS"],
            optional: ["StartOver", "Previous", "Next", "SkipForward", "SkipBackward"],
            defaults: [
                "CurrentState": .unsigned(2), "StartTime": .unsigned(0), "Duration": .unsigned(7_200_000),
                "SampledPosition": .structure([0: .unsigned(0), 1: .unsigned(0)]), "PlaybackSpeed": .float(0),
                "SeekRangeStart": .unsigned(0), "SeekRangeEnd": .unsigned(7_200_000),
            ],
            notes: [
                "A player with one two-hour film loaded, not playing (CurrentState 2, NotPlaying) at its start:",
                "AdvancedSeek (position, duration, Seek) and VariableSpeed (FastForward and Rewind at 2, 4 and 8 times),",
                "with StartOver, Previous, Next and the skips. SampledPosition is {0 UpdatedAt (epoch µs), 1 Position (ms)};",
                "the position follows the hub's clock while playing (`MediaPlaybackLogic`).",
            ]),
        ClusterChoice(
            name: "keypadInput", cluster: "KeypadInput", features: ["NV", "LK", "NK"],
            notes: [
                "A TV remote's keys: navigation, the location keys (menus) and the number keys. SendKey answers",
                "SendKeyResponse (`KeypadInputLogic`).",
            ]),
        ClusterChoice(
            name: "lowPower", cluster: "LowPower",
            notes: ["Sleep puts the player into standby: its On/Off goes off."]),
        ClusterChoice(
            name: "audioOutput", cluster: "AudioOutput",
            defaults: [
                "OutputList": .list([
                    .structure([0: .unsigned(0), 1: .unsigned(4), 2: .string("TV Speakers")]),
                    .structure([0: .unsigned(1), 1: .unsigned(0), 2: .string("HDMI ARC")]),
                    .structure([0: .unsigned(2), 1: .unsigned(3), 2: .string("Headphones")]),
                ]),
                "CurrentOutput": .unsigned(0),
            ],
            notes: [
                "A TV's three outputs, OutputInfoStruct {0 Index, 1 OutputType, 2 Name}: its speakers (4 Internal), the",
                "sound bar on HDMI ARC (0 Hdmi) and headphones (3 Headphone). Without NameUpdates.",
            ]),
        ClusterChoice(
            name: "mediaInput", cluster: "MediaInput",
            defaults: [
                "InputList": .list([
                    .structure([
                        0: .unsigned(0), 1: .unsigned(0), 2: .string("TV"), 3: .string("Built-in tuner"),
                    ]),
                    .structure([
                        0: .unsigned(1), 1: .unsigned(4), 2: .string("HDMI 1"), 3: .string("Games console"),
                    ]),
                    .structure([
                        0: .unsigned(2), 1: .unsigned(4), 2: .string("HDMI 2"), 3: .string("Blu-ray player"),
                    ]),
                ]),
                "CurrentInput": .unsigned(0),
            ],
            notes: [
                "A TV's inputs, InputInfoStruct {0 Index, 1 InputType, 2 Name, 3 Description}: the tuner (0 Internal)",
                "and two HDMI inputs (4 Hdmi), the PhysicalInputs a TV has. Without NameUpdates.",
            ]),
        ClusterChoice(
            name: "contentLauncher", cluster: "ContentLauncher", features: ["CS", "UP"],
            defaults: [
                "AcceptHeader": .list([.string("application/dash+xml"), .string("application/x-mpegURL")]),
                "SupportedStreamingProtocols": .unsigned(0x3),
            ],
            notes: [
                "ContentSearch (LaunchContent) and UrlPlayback (LaunchURL) of DASH and HLS streams",
                "(SupportedStreamingProtocols bits 0 DASH, 1 HLS). A launch loads the content and plays it when asked",
                "(`ContentLauncherLogic`).",
            ]),
    ]
}
