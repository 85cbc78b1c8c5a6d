extension DeviceTemplates {
    /// The kitchen appliances: refrigerator and temperature-controlled cabinets, oven and cavities, cooktop and cook surfaces, microwave oven, extractor hood (issue 37).
    static let kitchen: [DeviceTemplate] = []
}
