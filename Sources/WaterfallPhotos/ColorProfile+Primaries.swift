import CLcms2

extension ColorProfile {
    /// A chromaticity: CIE 1931 x and y.
    struct Chromaticity: Hashable {
        var x: Double
        var y: Double
    }

    /// The RGB profile of `red`, `green` and `blue` primaries and a `white` point, with sRGB's tone curve, made by
    /// lcms2: what a HEIF's or AVIF's `nclx` colour box names by code points (Display P3, BT.2020...), as an ICC
    /// profile the conversion can read. `nil` when lcms2 cannot make it (primaries that enclose no colours).
    static func rgb(red: Chromaticity, green: Chromaticity, blue: Chromaticity, white: Chromaticity) -> ColorProfile? {
        let context = waterfall_lcms2_context()
        defer { if let context { cmsDeleteContext(context) } }
        // sRGB's curve, IEC 61966-2-1: lcms2's parametric type 4, (a·x + b)^γ above d, c·x below it.
        let parameters: [cmsFloat64Number] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        guard
            let curve = parameters.withUnsafeBufferPointer({ cmsBuildParametricToneCurve(context, 4, $0.baseAddress) })
        else { return nil }
        defer { cmsFreeToneCurve(curve) }
        var whitePoint = cmsCIExyY(x: white.x, y: white.y, Y: 1)
        var primaries = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: red.x, y: red.y, Y: 1), Green: cmsCIExyY(x: green.x, y: green.y, Y: 1),
            Blue: cmsCIExyY(x: blue.x, y: blue.y, Y: 1))
        var curves: [OpaquePointer?] = [curve, curve, curve]
        guard let profile = cmsCreateRGBProfileTHR(context, &whitePoint, &primaries, &curves) else { return nil }
        defer { cmsCloseProfile(profile) }
        var length: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(profile, nil, &length) != 0, length > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        guard cmsSaveProfileToMem(profile, &bytes, &length) != 0 else { return nil }
        return ColorProfile(bytes: bytes)
    }
}
