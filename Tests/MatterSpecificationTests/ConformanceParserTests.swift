import Testing

@testable import MatterSpecification

@Suite struct ConformanceParserTests {
    /// Conformances of the Matter 1.4 data model, one of each shape; the tables' every conformance is read below.
    static let dataModelConformances = [
        "M", "O", "X", "O.a+", "desc", "[MACCNT]", "LF", "P, M", "O.a", "P, O", "USR", "D", "[ALTC]", "[USR]", "O.b+",
        "WI | TH", "LF & TL", "ControllableESA.a+", "!USR & RID", "[COTA & PIN]", "LITS, O", "!USR & (PIN | RID | FGP)",
        "[AUT].a", "[!AUT].a", "SB & OCC", "NumberOfPrimaries > 5, O", "EndTimestamp", "[Wi, Fi]",
        "[TL & PA_TL & ABS]", "[HEAT & COOL]", "[!OFFONLY]", "TEMP, [AUTO]", "M, D", "LF & PA_LF, [LF]",
        "HoldTime & US & UltrasonicUnoccupiedToOccupiedThreshold, [HoldTime & US], D",
        "HoldTime & (PIR | !PIR & !US & !PHY) & PirUnoccupiedToOccupiedDelay, [HoldTime & (PIR | !PIR & !US & !PHY)], D",
        "HS | XY | CT", "CT | ColorTemperatureMireds", "Active, O", "AUTO, O.a+", "[WATTS].b+", "[TP].a-",
        "[Status == Success], M", "[SOC], O.a+", "[MS & (MSR | AS)]", "[MS & !AS]", "[HoldTime & US], D",
        "[!TP], [TP].a-", "[!PA].a, STA | PAU | FA | CON, O", "[!LT | DF]", "Status == Success", "MfgCode != null, O",
        "Matter & (PIN | RID | FPG | FACE | ALIRO)", "Simple & Client", "P, O.a", "O, D", "TargetReheat, [TP]",
        "ALIRO, [PIN | RID | FGP | FACE]", "!Group", "!Endpoint", "BridgedPowerSourceInfo, D",
        "Pause | Stop | Start | Resume", "PA | STA | PAU | FA | CON", "EHUE, O", "CL, O", "P, WATTS", "P, TC",
    ]

    @Test(arguments: dataModelConformances)
    func dataModelConformanceReadsAndWritesBack(text: String) throws {
        let conformance = try Conformance(parsing: text)
        #expect(conformance.description == text)
        #expect(try Conformance(parsing: conformance.description) == conformance)
    }

    static func conformances(of fields: [SpecField]) -> [String] {
        fields.flatMap { [$0.conformance].compactMap { $0 } + conformances(of: $0.fields) }
    }

    static func conformances(of requirements: [SpecRequirement]) -> [String] {
        requirements.flatMap { [$0.conformance].compactMap { $0 } + conformances(of: $0.children) }
    }

    /// Every conformance the generated tables hold, wherever it stands: features, attributes, commands, events, data
    /// types, their fields, and device types' requirements.
    static func specificationConformances() -> Set<String> {
        var texts: [String] = []
        for cluster in MatterSpecification.clusters {
            texts += cluster.features.compactMap(\.conformance)
            for attribute in cluster.attributes {
                texts += [attribute.conformance].compactMap { $0 } + conformances(of: attribute.fields)
            }
            for command in cluster.commands {
                texts += [command.conformance].compactMap { $0 } + conformances(of: command.fields)
            }
            for event in cluster.events {
                texts += [event.conformance].compactMap { $0 } + conformances(of: event.fields)
            }
            for datatype in cluster.datatypes {
                texts += [datatype.conformance].compactMap { $0 } + conformances(of: datatype.fields)
            }
        }
        for datatype in SpecDatatype.globals {
            texts += [datatype.conformance].compactMap { $0 } + conformances(of: datatype.fields)
        }
        for deviceType in MatterSpecification.deviceTypes { texts += conformances(of: deviceType.requirements) }
        return Set(texts)
    }

    @Test func everyConformanceOfTheSpecificationTablesReadsAndWritesBack() throws {
        let texts = Self.specificationConformances()
        for text in texts.sorted() {
            #expect(try Conformance(parsing: text).description == text)
        }
        let missing = Set(Self.dataModelConformances).subtracting(texts)
        #expect(
            missing.isEmpty, "\(texts.count) distinct conformances in the tables; not among them: \(missing.sorted())")
        #expect(texts.count > 300)
    }

    @Test func rulesReadAsTheirKinds() throws {
        let lt = ConformanceExpression.name("LT")
        #expect(try Conformance(parsing: "M").rules == [.mandatory(nil)])
        #expect(try Conformance(parsing: "LT").rules == [.mandatory(lt)])
        #expect(try Conformance(parsing: "O").rules == [.optional([])])
        #expect(try Conformance(parsing: "[LT]").rules == [.optional([lt])])
        #expect(
            try Conformance(parsing: "P, D, X, desc").rules == [.provisional, .deprecated, .disallowed, .described])
        #expect(
            try Conformance(parsing: "[Wi, Fi]").rules == [.optional([.name("Wi"), .name("Fi")])],
            "a list in brackets is one optional rule with several conditions")
    }

    @Test func choicesKeepTheirGroupCountAndBound() throws {
        #expect(
            try Conformance(parsing: "O.a+").rules == [.optional([], choice: ConformanceChoice("a", bound: .atLeast))])
        #expect(try Conformance(parsing: "O.b").rules == [.optional([], choice: ConformanceChoice("b"))])
        #expect(
            try Conformance(parsing: "[TP].a-").rules == [
                .optional([.name("TP")], choice: ConformanceChoice("a", bound: .atMost))
            ])
        #expect(
            try Conformance(parsing: "ControllableESA.a+").rules == [
                .mandatory(.name("ControllableESA"), choice: ConformanceChoice("a", bound: .atLeast))
            ])
        let counted = try Conformance(parsing: "O.a2+")
        #expect(counted.rules == [.optional([], choice: ConformanceChoice("a", count: 2, bound: .atLeast))])
        #expect(counted.description == "O.a2+")
        #expect(try Conformance(parsing: "O.a1").description == "O.a", "a count of 1 is not written")
        #expect(try Conformance(parsing: "O . a +").description == "O.a+", "spaces are not kept")
    }

    @Test func comparisonsReadLiteralsAndNames() throws {
        #expect(
            try Conformance(parsing: "NumberOfPrimaries > 5, O").rules == [
                .mandatory(.compare(.name("NumberOfPrimaries"), .greater, .value(.integer(5)))), .optional([]),
            ])
        #expect(
            try ConformanceExpression(parsing: "MfgCode != null")
                == .compare(.name("MfgCode"), .notEqual, .value(.null)))
        #expect(
            try ConformanceExpression(parsing: "Status == Success")
                == .compare(.name("Status"), .equal, .name("Success")))
        #expect(
            try ConformanceExpression(parsing: "A <= true")
                == .compare(.name("A"), .lessOrEqual, .value(.boolean(true))))
        #expect(
            try ConformanceExpression(parsing: "A >= -5") == .compare(.name("A"), .greaterOrEqual, .value(.integer(-5)))
        )
        #expect(
            try ConformanceExpression(parsing: "A < -9223372036854775808").description == "A < -9223372036854775808")
        for comparison in ConformanceComparison.allCases {
            let text = "A \(comparison.rawValue) 1"
            #expect(try ConformanceExpression(parsing: text).description == text)
        }
    }

    @Test func notBindsTighterThanAndWhichBindsTighterThanOr() throws {
        let pir = ConformanceExpression.name("PIR")
        let us = ConformanceExpression.name("US")
        let phy = ConformanceExpression.name("PHY")
        #expect(try ConformanceExpression(parsing: "!PIR & !US & !PHY") == .and(.and(.not(pir), .not(us)), .not(phy)))
        #expect(try ConformanceExpression(parsing: "PIR | !PIR & !US") == .or(pir, .and(.not(pir), .not(us))))
        #expect(try ConformanceExpression(parsing: "!(PIR | US)") == .not(.or(pir, us)))
    }

    @Test func precedenceRunsNotComparisonAndXorOr() throws {
        let (a, b, c, e) = (
            ConformanceExpression.name("A"), ConformanceExpression.name("B"), ConformanceExpression.name("C"),
            ConformanceExpression.name("E")
        )
        #expect(try ConformanceExpression(parsing: "A | B ^ C & E") == .or(a, .xor(b, .and(c, e))))
        #expect(try ConformanceExpression(parsing: "A & B ^ C | E") == .or(.xor(.and(a, b), c), e))
        #expect(try ConformanceExpression(parsing: "A & B == 1") == .and(a, .compare(b, .equal, .value(.integer(1)))))
        #expect(try ConformanceExpression(parsing: "!A == B") == .compare(.not(a), .equal, b))
        #expect(try ConformanceExpression(parsing: "(A | B) & C") == .and(.or(a, b), c))
    }

    @Test func writingKeepsOnlyTheParenthesesTheTreeNeeds() throws {
        let (a, b, c) = (
            ConformanceExpression.name("A"), ConformanceExpression.name("B"), ConformanceExpression.name("C")
        )
        #expect(ConformanceExpression.and(a, .and(b, c)).description == "A & (B & C)")
        #expect(ConformanceExpression.and(.and(a, b), c).description == "A & B & C")
        #expect(ConformanceExpression.not(.and(a, b)).description == "!(A & B)")
        #expect(ConformanceExpression.or(.and(a, b), c).description == "A & B | C")
        #expect(ConformanceExpression.and(.or(a, b), c).description == "(A | B) & C")
        #expect(ConformanceExpression.compare(.compare(a, .less, b), .equal, c).description == "(A < B) == C")
        #expect(try ConformanceExpression(parsing: "((A))").description == "A")
    }

    @Test func anEmptyConformanceIsUnspecifiedButAnEmptyExpressionIsAnError() throws {
        #expect(try Conformance(parsing: "") == .unspecified)
        #expect(try Conformance(parsing: "  \t") == .unspecified)
        #expect(Conformance.unspecified.isUnspecified)
        #expect(Conformance.unspecified.description == "")
        #expect(
            throws: ConformanceParseError(offset: 0, reason: .unexpected(found: "the end", expected: "a condition"))
        ) {
            try ConformanceExpression(parsing: "")
        }
    }

    @Test(arguments: [
        ("[LT", 0, ConformanceParseError.Reason.unclosed("[")),
        ("LT &", 4, .unexpected(found: "the end", expected: "a condition")),
        ("&", 0, .unexpected(found: "'&'", expected: "a condition")),
        (
            "O.", 2,
            .unexpected(found: "the end", expected: "a choice group: a lowercase letter, perhaps with a count (a, b2)")
        ),
        ("M,", 2, .unexpected(found: "the end", expected: "a conformance")),
        ("((", 2, .unexpected(found: "the end", expected: "a condition")),
        ("(LT", 0, .unclosed("(")),
        ("(LT]", 3, .unexpected(found: "']'", expected: "an operator or ')'")),
        ("[LT)", 3, .unexpected(found: "')'", expected: "an operator, ',' or ']'")),
        ("LT LT", 3, .unexpected(found: "'LT'", expected: "',' or the end")),
        ("M & LT", 2, .unexpected(found: "'&'", expected: "',' or the end")),
        ("Wi-Fi", 2, .unexpected(found: "'-'", expected: "',' or the end")),
        ("A = 1", 2, .unexpectedCharacter("=")),
        ("A$", 1, .unexpectedCharacter("$")),
        ("[é]", 1, .unexpectedCharacter("é")),
        ("_A", 0, .unexpectedCharacter("_")),
        ("[M]", 1, .conformanceWordInCondition("M")),
        ("LT & desc", 5, .conformanceWordInCondition("desc")),
        ("P.a", 1, .choiceNotAllowed(after: "P")),
        (
            "O.A", 2,
            .unexpected(found: "'A'", expected: "a choice group: a lowercase letter, perhaps with a count (a, b2)")
        ),
        (
            "O.ab", 2,
            .unexpected(found: "'ab'", expected: "a choice group: a lowercase letter, perhaps with a count (a, b2)")
        ),
        ("O.a0", 3, .invalidChoiceCount("0")),
        ("A < B < C", 6, .chainedComparison),
        ("A > 9223372036854775808", 4, .integerTooLarge("9223372036854775808")),
        ("A > -9223372036854775809", 4, .integerTooLarge("-9223372036854775809")),
        ("A > 99999999999999999999", 4, .integerTooLarge("99999999999999999999")),
        ("A > -B", 4, .unexpected(found: "'-'", expected: "a condition")),
    ])
    func malformedTextIsAnErrorAtItsPlace(text: String, offset: Int, reason: ConformanceParseError.Reason) {
        #expect(throws: ConformanceParseError(offset: offset, reason: reason)) { try Conformance(parsing: text) }
    }

    @Test func errorsSayWhereAndWhat() {
        let error = ConformanceParseError(offset: 0, reason: .unclosed("["))
        #expect(error.message == "'[' is not closed")
        #expect(error.description == "conformance, at character 0: '[' is not closed")
        #expect(ConformanceParseError(offset: 2, reason: .unexpectedCharacter("=")).message.contains("'=='"))
    }

    @Test func nestingIsBounded() throws {
        let limit = ConformanceParser.maximumDepth
        let deepest = String(repeating: "(", count: limit - 1) + "A" + String(repeating: ")", count: limit - 1)
        #expect(try ConformanceExpression(parsing: deepest) == .name("A"))
        for text in [
            String(repeating: "(", count: 100_000), String(repeating: "!", count: 100_000) + "A",
            Array(repeating: "A", count: 100_000).joined(separator: " & "),
            Array(repeating: "A", count: 100_000).joined(separator: " | "),
        ] {
            let error = #expect(throws: ConformanceParseError.self) { try Conformance(parsing: text) }
            #expect(error?.reason == .nestedTooDeeply(limit: limit))
        }
        let chain = Array(repeating: "A", count: limit).joined(separator: " | ")
        #expect(try Conformance(parsing: chain).description == chain)
        let rules = Array(repeating: "[A]", count: 10_000).joined(separator: ", ")
        #expect(try Conformance(parsing: rules).rules.count == 10_000, "an otherwise list is not nesting")
    }

    /// SplitMix64: a seeded generator, so that a failure names the same text on every run.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }

    /// The grammar's words and symbols, with a few that are no part of it.
    static let fragments = [
        "M", "O", "P", "D", "X", "desc", "LT", "PA_LF", "a", "b2", "null", "true", "false", "0", "5",
        "18446744073709551616", " ", "!", "&", "|", "^", "==", "!=", "<", "<=", ">", ">=", "=", "(", ")", "[", "]", ",",
        ".", "+", "-", "_", "é", "$",
    ]

    /// Random texts: half strings of fragments, half the data model's conformances with a few fragments inserted or
    /// characters deleted.
    static func randomText(using generator: inout SeededGenerator) -> String {
        if Bool.random(using: &generator) {
            let count = Int.random(in: 0...12, using: &generator)
            return (0..<count).map { _ in fragments.randomElement(using: &generator)! }.joined()
        }
        var characters = Array(dataModelConformances.randomElement(using: &generator)!)
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            let place = Int.random(in: 0...characters.count, using: &generator)
            if Bool.random(using: &generator), place < characters.count {
                characters.remove(at: place)
            } else {
                characters.insert(contentsOf: fragments.randomElement(using: &generator)!, at: place)
            }
        }
        return String(characters)
    }

    @Test func randomTextReadsOrThrowsAndWhatReadsWritesBack() throws {
        var generator = SeededGenerator(state: 0x4D48_5542_1234)
        var read = 0
        var refused = 0
        for _ in 0..<5_000 {
            let text = Self.randomText(using: &generator)
            switch Result(catching: { () throws(ConformanceParseError) in try Conformance(parsing: text) }) {
            case .success(let conformance):
                if !conformance.isUnspecified { read += 1 }
                #expect(try Conformance(parsing: conformance.description) == conformance, "\(text)")
                _ = conformance.evaluate(ConformanceFacts(["LT", "a"], values: ["LT": .integer(1)]))
            case .failure(let error):
                refused += 1
                #expect((0...text.count).contains(error.offset), "\(text)")
            }
        }
        #expect(read > 500 && refused > 500, "both paths are exercised: \(read) read, \(refused) refused")
    }
}
