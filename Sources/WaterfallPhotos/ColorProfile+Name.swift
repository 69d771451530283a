import CLcms2
import Foundation

extension ColorProfile {
    /// The profile's description ("Adobe RGB (1998)", "Display P3"), as lcms2 reads its `desc` tag; `nil` when lcms2
    /// cannot read the profile or it has no description. Spaces at its ends are dropped (profiles pad it).
    public var name: String? {
        let context = waterfall_lcms2_context()
        defer { if let context { cmsDeleteContext(context) } }
        guard
            let profile = bytes.withUnsafeBytes({
                cmsOpenProfileFromMemTHR(context, $0.baseAddress, cmsUInt32Number($0.count))
            })
        else {
            return nil
        }
        defer { cmsCloseProfile(profile) }
        let length = Int(cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", nil, 0))
        guard length > 1 else { return nil }
        var text = [CChar](repeating: 0, count: length)
        cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", &text, cmsUInt32Number(length))
        let name = String(decoding: text.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
        return name.trimmingCharacters(in: .whitespaces)
    }
}
