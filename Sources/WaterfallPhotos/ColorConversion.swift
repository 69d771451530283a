import CLcms2

/// Converts thumbnails' colours with lcms2: from a photo's embedded profile (or sRGB, a photo without one) to a
/// target profile (the display's, or sRGB for the shared thumbnail cache). One per decoder thread: it keeps its own
/// lcms2 context, and the transforms it built for the last few source profiles (a folder of one camera's photos
/// shares one).
///
/// Perceptual intent, as ImageMagick's `-profile` and most viewers convert by default (for the matrix-shaper
/// profiles of cameras and displays it is the same as relative colorimetric). A profile lcms2 cannot read, or one
/// not of RGB (a grey or CMYK profile on pixels that were decoded to RGB), is not applied: the picture shows as
/// decoded, as Firefox shows an image with a broken profile.
final class ColorConversion {
    private let context: cmsContext?
    /// sRGB, the profile of photos without one and of the shared thumbnail cache.
    private let sRGB: cmsHPROFILE?
    /// Transforms by (source, target) profile, the most recently used last.
    private var transforms: [(key: Key, transform: cmsHTRANSFORM?)] = []
    /// Profiles opened as targets, by their bytes.
    private var targets: [ColorProfile: cmsHPROFILE] = [:]

    /// A source and a target profile: `nil` is sRGB.
    private struct Key: Hashable {
        var source: ColorProfile?
        var target: ColorProfile?
    }

    /// How many transforms are kept.
    static let keptTransforms = 8

    init() {
        context = waterfall_lcms2_context()
        sRGB = cmsCreate_sRGBProfileTHR(context)
    }

    deinit {
        for entry in transforms { if let transform = entry.transform { cmsDeleteTransform(transform) } }
        for profile in targets.values { cmsCloseProfile(profile) }
        if let sRGB { cmsCloseProfile(sRGB) }
        if let context { cmsDeleteContext(context) }
    }

    /// `thumbnail` converted from `source` to `target` (`nil` for sRGB either). Nothing is done when both are sRGB,
    /// when they are the same profile, or when either cannot be used.
    func convert(_ thumbnail: inout Thumbnail, from source: ColorProfile?, to target: ColorProfile?) {
        guard source != target, let transform = transform(for: Key(source: source, target: target)) else { return }
        let count = thumbnail.pixels.count
        thumbnail.pixels.withUnsafeMutableBytes { bytes in
            // In place: lcms2 allows the same buffer in and out; the pad byte (0) is left as it is.
            cmsDoTransform(transform, bytes.baseAddress, bytes.baseAddress, cmsUInt32Number(count))
        }
    }

    /// The transform for `key`, built on first use; `nil` when it cannot be.
    private func transform(for key: Key) -> cmsHTRANSFORM? {
        if let index = transforms.firstIndex(where: { $0.key == key }) {
            let entry = transforms.remove(at: index)
            transforms.append(entry)
            return entry.transform
        }
        let transform = makeTransform(for: key)
        transforms.append((key, transform))
        if transforms.count > Self.keptTransforms, let dropped = transforms.removeFirst().transform {
            cmsDeleteTransform(dropped)
        }
        return transform
    }

    private func makeTransform(for key: Key) -> cmsHTRANSFORM? {
        let target: cmsHPROFILE?
        if let profile = key.target { target = openTarget(profile) } else { target = sRGB }
        guard let target else { return nil }
        let source: cmsHPROFILE?
        if let profile = key.source {
            guard profile.colorSpace == "RGB " else { return nil }
            source = open(profile)
        } else {
            source = sRGB
        }
        guard let source else { return nil }
        defer { if key.source != nil { cmsCloseProfile(source) } }
        guard cmsGetColorSpace(source) == cmsSigRgbData, cmsGetColorSpace(target) == cmsSigRgbData else { return nil }
        return cmsCreateTransformTHR(
            context, source, waterfall_lcms2_thumbnail_format, target,
            waterfall_lcms2_thumbnail_format, cmsUInt32Number(INTENT_PERCEPTUAL), 0)
    }

    /// A target profile, opened once and kept; `nil` when lcms2 cannot read it.
    private func openTarget(_ profile: ColorProfile) -> cmsHPROFILE? {
        if let opened = targets[profile] { return opened }
        guard let opened = open(profile) else { return nil }
        targets[profile] = opened
        return opened
    }

    private func open(_ profile: ColorProfile) -> cmsHPROFILE? {
        profile.bytes.withUnsafeBytes { cmsOpenProfileFromMemTHR(context, $0.baseAddress, cmsUInt32Number($0.count)) }
    }
}
