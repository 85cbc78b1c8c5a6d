import MHubJSON
import MatterDataModel
import Testing

@testable import MHubHub

/// The video players: Media Playback's commands and the film's position on the hub's clock, Keypad Input's keys,
/// Content Launcher, Low Power, Audio Output and Media Input; and a speaker's mute and volume.
@Suite struct MediaPlayerTests {
    let interactions = DeviceInteractionTests()
    static let tv = "casting-video-player"
    let tvNode = DeviceInteractionTests.node(tv)

    func value(_ harness: HubHarness, _ path: String) -> AttributeValue? {
        interactions.value(harness, tvNode, path)
    }

    /// SampledPosition's Position (ms) and UpdatedAt (epoch µs).
    func sample(_ harness: HubHarness) -> (position: Int64?, updatedAt: Int64?) {
        guard case .structure(let sample)? = value(harness, "1/1286/3") else { return (nil, nil) }
        return (sample[1]?.integerValue, sample[0]?.integerValue)
    }

    /// Sends a command to the TV and gives its response's status.
    func status(
        _ harness: inout HubHarness, cluster: Int64 = 0x0506, _ name: String, _ payload: JSONValue = [:]
    ) -> JSONValue? {
        interactions.command(&harness, Self.tv, cluster: cluster, name, payload).result(for: 1)?["status"]
    }

    @Test func playPauseAndStopMoveThePositionOnTheHubsClock() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        #expect(value(harness, "1/1286/0") == .unsigned(2))
        // Pausing what is not playing is refused.
        #expect(status(&harness, "Pause") == 1)
        #expect(status(&harness, "Play") == 0)
        #expect(value(harness, "1/1286/0") == .unsigned(0))
        #expect(value(harness, "1/1286/4") == .float(1))
        #expect(sample(harness).position == 0)
        #expect(sample(harness).updatedAt == harness.now * 1000)
        // The position is sampled again while it plays: 10 s later it is 10 s on.
        _ = harness.advance(by: 10_000)
        #expect(sample(harness).position == 10_000)
        _ = harness.advance(by: 5_000)
        #expect(status(&harness, "Pause") == 0)
        #expect(value(harness, "1/1286/0") == .unsigned(1))
        #expect(value(harness, "1/1286/4") == .float(0))
        #expect(sample(harness).position == 15_000)
        // Paused, it stays.
        _ = harness.advance(by: 60_000)
        #expect(sample(harness).position == 15_000)
        #expect(status(&harness, "Stop") == 0)
        #expect(value(harness, "1/1286/0") == .unsigned(2))
        #expect(sample(harness).position == 0)
    }

    @Test func theFilmStopsAtItsEndAndPlaysAgainFromTheStart() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        #expect(status(&harness, "Seek", ["position": 7_190_000]) == 0)
        #expect(status(&harness, "Play") == 0)
        _ = harness.advance(by: 10_000)
        #expect(value(harness, "1/1286/0") == .unsigned(2))
        #expect(sample(harness).position == 7_200_000)
        #expect(status(&harness, "Play") == 0)
        #expect(sample(harness).position == 0)
        // Past the seek range is SeekOutOfRange.
        #expect(status(&harness, "Seek", ["position": 7_200_001]) == 5)
    }

    @Test func fastForwardAndRewindStepThroughTheirSpeeds() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = status(&harness, "Seek", ["position": 60_000])
        _ = status(&harness, "Play")
        #expect(status(&harness, "FastForward") == 0)
        #expect(value(harness, "1/1286/4") == .float(2))
        #expect(status(&harness, "FastForward") == 0)
        #expect(status(&harness, "FastForward") == 0)
        #expect(value(harness, "1/1286/4") == .float(8))
        // Past the fastest is SpeedOutOfRange.
        #expect(status(&harness, "FastForward") == 4)
        _ = harness.advance(by: 1_000)
        #expect(status(&harness, "Rewind") == 0)
        #expect(sample(harness).position == 68_000)
        #expect(value(harness, "1/1286/4") == .float(-2))
        // Rewound to the start, it plays on from there at normal speed.
        _ = harness.advance(by: 40_000)
        #expect(sample(harness).position == 0)
        #expect(value(harness, "1/1286/4") == .float(1))
        #expect(value(harness, "1/1286/0") == .unsigned(0))
    }

    @Test func skipsStartOverAndNext() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        #expect(status(&harness, "SkipForward", ["deltaPositionMilliseconds": 30_000]) == 0)
        #expect(sample(harness).position == 30_000)
        #expect(status(&harness, "SkipBackward", ["deltaPositionMilliseconds": 40_000]) == 0)
        #expect(sample(harness).position == 0)
        _ = status(&harness, "SkipForward", ["deltaPositionMilliseconds": 30_000])
        #expect(status(&harness, "StartOver") == 0)
        #expect(sample(harness).position == 0)
        #expect(status(&harness, "Previous") == 0)
        // One film loaded: there is no next.
        #expect(status(&harness, "Next") == 2)
    }

    @Test func inStandbyThePlayerIsNotActiveAndOnlyThePowerKeyWorks() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = status(&harness, "Play")
        _ = harness.advance(by: 3_000)
        #expect(interactions.command(&harness, Self.tv, cluster: 0x0508, "Sleep").result(for: 1) == .null)
        #expect(value(harness, "1/6/0") == .bool(false))
        #expect(value(harness, "1/1286/0") == .unsigned(1))
        #expect(sample(harness).position == 3_000)
        #expect(status(&harness, "Pause") == 3)
        // Keys: 0x44 Play refused in standby, 0x40 Power wakes it, then Play plays.
        #expect(status(&harness, cluster: 0x0509, "SendKey", ["keyCode": 0x44]) == 2)
        #expect(status(&harness, cluster: 0x0509, "SendKey", ["keyCode": 0x40]) == 0)
        #expect(value(harness, "1/6/0") == .bool(true))
        #expect(status(&harness, cluster: 0x0509, "SendKey", ["keyCode": 0x44]) == 0)
        #expect(value(harness, "1/1286/0") == .unsigned(0))
        // 0x47 Record: the player records nothing. 0x01 Up: nothing to see, but done.
        #expect(status(&harness, cluster: 0x0509, "SendKey", ["keyCode": 0x47]) == 1)
        #expect(status(&harness, cluster: 0x0509, "SendKey", ["keyCode": 0x01]) == 0)
        // A controller's Play wakes the player from standby.
        _ = interactions.command(&harness, Self.tv, cluster: 0x0508, "Sleep")
        #expect(status(&harness, "Play") == 0)
        #expect(value(harness, "1/6/0") == .bool(true))
        #expect(value(harness, "1/1286/0") == .unsigned(0))
    }

    @Test func contentIsLaunchedBySearchOrURL() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        let search: JSONValue = ["parameterList": [["type": 13, "value": "Big Buck Bunny"]]]
        #expect(status(&harness, cluster: 0x050A, "LaunchContent", ["search": search, "autoPlay": false]) == 0)
        #expect(value(harness, "1/1286/0") == .unsigned(1))
        #expect(
            status(&harness, cluster: 0x050A, "LaunchURL", ["contentURL": "https://example.com/film.mpd"]) == 0)
        #expect(value(harness, "1/1286/0") == .unsigned(0))
        #expect(status(&harness, cluster: 0x050A, "LaunchURL", ["contentURL": "ftp://example.com/film"]) == 1)
    }

    @Test func outputsAndInputsAreSelectedByIndex() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = interactions.command(&harness, Self.tv, cluster: 0x050B, "SelectOutput", ["index": 1])
        #expect(value(harness, "1/1291/1") == .unsigned(1))
        _ = interactions.command(&harness, Self.tv, cluster: 0x0507, "SelectInput", ["index": 2])
        #expect(value(harness, "1/1287/1") == .unsigned(2))
        let refused = harness.error(
            "device_command",
            [
                "node_id": .integer(tvNode), "endpoint_id": 1, "cluster_id": 0x050B, "command_name": "SelectOutput",
                "payload": ["index": 9],
            ])
        #expect(refused?.details.contains("NOT_FOUND") == true)
        #expect(value(harness, "1/1291/1") == .unsigned(1))
    }

    /// Someone pressing play and pause on the TV's own remote (`set_attribute`): the position follows as for the
    /// commands.
    @Test func playPressedAtThePlayer() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        func press(_ harness: inout HubHarness, _ state: JSONValue) {
            _ = harness.send(
                "set_attribute",
                ["node_id": .integer(tvNode), "attribute_path": "1/1286/0", "value": state])
        }
        press(&harness, 0)
        #expect(value(harness, "1/1286/4") == .float(1))
        _ = harness.advance(by: 4_000)
        press(&harness, 1)
        #expect(sample(harness).position == 4_000)
        #expect(value(harness, "1/1286/4") == .float(0))
        // The film moved on by hand (its position set), then played at double speed set at the player.
        _ = harness.send(
            "set_attribute", ["node_id": .integer(tvNode), "attribute_path": "1/1286/3", "value": ["1": 60_000]])
        #expect(sample(harness).position == 60_000)
        #expect(sample(harness).updatedAt == harness.now * 1000)
        press(&harness, 0)
        _ = harness.send(
            "set_attribute", ["node_id": .integer(tvNode), "attribute_path": "1/1286/4", "value": 2.0])
        _ = harness.advance(by: 10_000)
        #expect(sample(harness).position == 80_000)
        // Stopped at the player: back at the start, not playing.
        press(&harness, 2)
        #expect(value(harness, "1/1286/0") == .unsigned(2))
        #expect(sample(harness).position == 0)
    }

    @Test func theSpeakerMutesWithItsOnOffAndSetsItsVolumeWithLevelControl() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        let speaker = DeviceInteractionTests.node("speaker")
        #expect(interactions.value(harness, speaker, "1/6/0") == .bool(true))
        _ = interactions.command(
            &harness, "speaker", cluster: 8, "MoveToLevel",
            ["level": 200, "transitionTime": 0, "optionsMask": 0, "optionsOverride": 0])
        #expect(interactions.value(harness, speaker, "1/8/0") == .unsigned(200))
        _ = interactions.command(&harness, "speaker", cluster: 6, "Off")
        #expect(interactions.value(harness, speaker, "1/6/0") == .bool(false))
    }
}
