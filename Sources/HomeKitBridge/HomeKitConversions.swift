/// Every conversion between a Matter attribute's value and a HomeKit characteristic's, as pure functions, so each
/// edge (0, 1, 254, rounding, the ends of a range) is tested in one place and both directions agree.
///
/// Matter units are the Application Cluster Specification's; HomeKit's ranges and steps are HAP-python's
/// `pyhap/resources/characteristics.json` (docs/homekit.md, "The accessories").
enum HomeKitConversions {
    // MARK: Lighting (Level Control 0x0008, Color Control 0x0300)

    /// Brightness (%) from CurrentLevel 1…254: round(level × 100 / 254), so 1 is 0 % and 254 is 100 %
    /// (hap-reference.md section 8's table).
    static func brightness(level: Int64) -> Int64 {
        let clamped = min(max(level, 0), 254)
        return (clamped * 100 + 127) / 254
    }

    /// CurrentLevel for a Brightness: round(percent × 254 / 100), at least MinLevel 1.
    static func level(brightness percent: Int64) -> Int64 {
        let clamped = min(max(percent, 0), 100)
        return max(1, (clamped * 254 + 50) / 100)
    }

    /// Hue in degrees (HAP 0…360, step 1) from CurrentHue 0…254 (a full circle is 254 steps, ZCL 5.2.2.2.1.1).
    static func hueDegrees(hue: Int64) -> Double {
        let clamped = min(max(hue, 0), 254)
        return Double((clamped * 360 + 127) / 254)
    }

    /// CurrentHue for a hue in degrees.
    static func hue(degrees: Double) -> Int64 {
        let clamped = min(max(degrees, 0), 360)
        return min(254, Int64((clamped * 254 / 360).rounded()))
    }

    /// Saturation (%) from CurrentSaturation 0…254.
    static func saturationPercent(saturation: Int64) -> Double {
        let clamped = min(max(saturation, 0), 254)
        return Double((clamped * 100 + 127) / 254)
    }

    /// CurrentSaturation for a saturation in percent.
    static func saturation(percent: Double) -> Int64 {
        let clamped = min(max(percent, 0), 100)
        return min(254, Int64((clamped * 254 / 100).rounded()))
    }

    /// A colour temperature in mireds (both sides use mireds) kept within the range the characteristic declares.
    static func mireds(_ value: Int64, within range: ClosedRange<Int64>) -> Int64 {
        min(max(value, range.lowerBound), range.upperBound)
    }

    // MARK: Measurements

    /// Degrees Celsius, to HAP's step of 0.1, from hundredths of a degree (Temperature Measurement, Thermostat).
    static func celsius(hundredths: Int64) -> Double {
        Double((Double(hundredths) / 10).rounded()) / 10
    }

    /// Hundredths of a degree for degrees Celsius.
    static func hundredths(celsius: Double) -> Int64 {
        Int64((celsius * 100).rounded())
    }

    /// Relative humidity in whole percent (HAP step 1) from hundredths of a percent.
    static func humidityPercent(hundredths: Int64) -> Double {
        Double(min(max((hundredths + 50) / 100, 0), 100))
    }

    /// Lux from Illuminance Measurement's MeasuredValue, 10,000 × log10(lux) + 1 (Application Cluster Specification
    /// 2.2.5.1), kept within HAP's 0.0001…100,000 lx; 0 (too dark to measure) and null are the least HAP allows.
    static func lux(measuredValue: Int64?) -> Double {
        guard let measuredValue, measuredValue > 0 else { return minimumLux }
        let lux = pow10(Double(measuredValue - 1) / 10_000)
        let rounded = (lux * 10_000).rounded() / 10_000
        return min(max(rounded, minimumLux), 100_000)
    }

    /// The least light level HAP's CurrentAmbientLightLevel takes.
    static let minimumLux = 0.0001

    /// 10^x without Foundation.
    private static func pow10(_ exponent: Double) -> Double {
        // exp(x · ln 10) by the series on the fractional part and squaring for the whole part.
        let whole = exponent.rounded(.down)
        var result = 1.0
        var base = 10.0
        var power = Int(whole)
        while power > 0 {
            if power & 1 == 1 { result *= base }
            base *= base
            power >>= 1
        }
        let fraction = (exponent - whole) * 2.302_585_092_994_046
        var term = 1.0
        var sum = 1.0
        for index in 1...30 {
            term *= fraction / Double(index)
            sum += term
        }
        return result * sum
    }

    /// HAP's AirQuality (0 unknown, 1 excellent … 5 poor) from Air Quality's AirQualityEnum (0 unknown, 1 good,
    /// 2 fair, 3 moderate, 4 poor, 5 very poor, 6 extremely poor): the scales side by side, the two worst as poor.
    static func airQuality(_ matter: Int64) -> Int64 {
        min(max(matter, 0), 5)
    }

    /// A concentration in µg/m³ to HAP's density (0…1000, step 1).
    static func density(_ value: Double) -> Double {
        min(max(value.rounded(), 0), 1000)
    }

    /// Battery level (%) from BatPercentRemaining, in half percents (Core 11.7.6.12).
    static func batteryPercent(halfPercents: Int64) -> Int64 {
        min(max(halfPercents / 2, 0), 100)
    }

    // MARK: Window Covering (0x0102)

    /// HAP position (100 = fully open) from a lift position in hundredths of a percent closed (0 = fully open).
    static func position(percent100ths: Int64) -> Int64 {
        let closed = (min(max(percent100ths, 0), 10_000) + 50) / 100
        return 100 - closed
    }

    /// Lift position in hundredths of a percent closed for a HAP position.
    static func percent100ths(position: Int64) -> Int64 {
        (100 - min(max(position, 0), 100)) * 100
    }

    /// PositionState (0 decreasing, 1 increasing, 2 stopped) from OperationalStatus's global bits 0–1 (1 opening,
    /// 2 closing): opening raises HAP's position.
    static func positionState(operationalStatus: Int64) -> Int64 {
        switch operationalStatus & 0x3 {
        case 1: 1
        case 2: 0
        default: 2
        }
    }

    // MARK: Thermostat (0x0201)

    /// TargetHeatingCoolingState (0 off, 1 heat, 2 cool, 3 auto) from SystemMode (0 off, 1 auto, 3 cool, 4 heat,
    /// 5 emergency heat, 6 precooling, 7 fan only, 8 dry, 9 sleep): each to the nearest HAP mode, fan only as off.
    static func targetHeatingCooling(systemMode: Int64) -> Int64 {
        switch systemMode {
        case 1, 9: 3
        case 3, 6, 8: 2
        case 4, 5: 1
        default: 0
        }
    }

    /// SystemMode for a TargetHeatingCoolingState.
    static func systemMode(targetHeatingCooling: Int64) -> Int64 {
        switch targetHeatingCooling {
        case 1: 4
        case 2: 3
        case 3: 1
        default: 0
        }
    }

    /// CurrentHeatingCoolingState (0 off, 1 heat, 2 cool) from ThermostatRunningState's bits (0 heat, 1 cool,
    /// 3 second-stage heat, 4 second-stage cool) when the thermostat has it, else ThermostatRunningMode (0 off,
    /// 3 cool, 4 heat).
    static func currentHeatingCooling(runningState: Int64?, runningMode: Int64?) -> Int64 {
        if let runningState {
            if runningState & 0b0_1001 != 0 { return 1 }
            if runningState & 0b1_0010 != 0 { return 2 }
            return 0
        }
        switch runningMode {
        case 3: return 2
        case 4: return 1
        default: return 0
        }
    }

    // MARK: Generic Switch (0x003B)

    /// ProgrammableSwitchEvent (0 single, 1 double, 2 long) for a Switch event (Application Cluster Specification
    /// 1.13.7): LongPress is a long press; MultiPressComplete with one or two presses a single or double press
    /// (a switch with MSM reports every press that way); ShortRelease a single press on a switch without MSM.
    /// Others (InitialPress, the releases that follow a long or counted press, three presses) are none.
    static func programmableSwitchEvent(event: UInt32, fields: [UInt32: Int64], multiPress: Bool) -> Int64? {
        switch event {
        case 0x02: return 2
        case 0x03: return multiPress ? nil : 0
        case 0x06:
            switch fields[1] {
            case 1: return 0
            case 2: return 1
            default: return nil
            }
        default: return nil
        }
    }
}
