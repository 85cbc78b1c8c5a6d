import Testing

@testable import MHubHub

/// The Thread Operational Dataset decoder behind `set_thread_dataset`: what it reads from a good dataset, and the reason
/// it gives for each way a dataset can be wrong.
@Suite struct ThreadDatasetTests {
    @Test func aCompleteDatasetNamesItsNetwork() throws {
        let dataset = try ThreadDataset.parse(hex: HubHarness.threadDataset).get()
        #expect(dataset.networkName == "OpenThreadDemo")
        #expect(dataset.channel == 15)
        #expect(dataset.panID == 0x1234)
        #expect(dataset.extendedPANID == [0x11, 0x11, 0x11, 0x11, 0x22, 0x22, 0x22, 0x22])
        #expect(dataset.meshLocalPrefix == [0xFD, 0xAD, 0x70, 0xBF, 0xE5, 0xAA, 0x15, 0xDD])
        #expect(dataset.activeTimestampSeconds == 1)
        #expect(dataset.hex == HubHarness.threadDataset)
        // Upper-case hexadecimal is the same dataset.
        #expect(try ThreadDataset.parse(hex: HubHarness.threadDataset.uppercased()).get() == dataset)
    }

    @Test(arguments: [
        ("", "the dataset is empty"),
        ("0e0", "whole bytes of hexadecimal, not 3 digits"),
        ("0e08zz", "not hexadecimal at character 5"),
        ("0e", "cut short: no length"),
        ("0e0800", "says 8 bytes; only 1 follow"),
        ("0e080000000000010000", "no Channel TLV (type 0)"),
        ("0e08000000000001000000020000", "Channel must be 3 bytes, not 2"),
        ("0e0800000000000100000e080000000000010000", "TLV type 14 appears twice"),
    ])
    func aBrokenDatasetSaysWhy(hex: String, reason: String) {
        guard case .failure(let error) = ThreadDataset.parse(hex: hex) else {
            Issue.record("\(hex) was accepted")
            return
        }
        #expect(error.reason.contains(reason), "\(error.reason)")
    }

    @Test func eachRequiredTLVIsRequired() throws {
        let good = try ThreadDataset.parse(hex: HubHarness.threadDataset).get().bytes
        // Each TLV of the good dataset left out in turn: the required ones are missed by name, the rest are optional.
        var offset = 0
        var missed: [String] = []
        while offset < good.count {
            let length = Int(good[offset + 1])
            let without = Array(good[..<offset] + good[(offset + 2 + length)...])
            if case .failure(let error) = ThreadDataset.parse(bytes: without) { missed.append(error.reason) }
            offset += 2 + length
        }
        #expect(missed.count == 7, "\(missed)")
        for name in ["Active Timestamp", "Channel", "PAN ID", "Extended PAN ID", "Network Name", "Network Key"] {
            #expect(missed.contains { $0.contains("no \(name) TLV") }, "\(name)")
        }
    }

    @Test func aChannelOutside2_4GHzAndAnOversizedDatasetAreRefused() {
        var bytes = try! ThreadDataset.parse(hex: HubHarness.threadDataset).get().bytes
        // The Channel TLV follows the 10 bytes of the Active Timestamp's: type, length, page, then the channel.
        #expect(Array(bytes[10...14]) == [0x00, 0x03, 0x00, 0x00, 0x0F])
        bytes[14] = 27
        #expect(throws: ThreadDatasetError.self) { try ThreadDataset.parse(bytes: bytes).get() }
        let padded = bytes + [0x7F, 0xFF] + Array(repeating: 0, count: 255)
        #expect(throws: ThreadDatasetError.self) { try ThreadDataset.parse(bytes: padded).get() }
    }
}
