extension Display {
    /// The desktop's scale, pixels per point: `Xft.dpi` from the resource database the root window holds
    /// (RESOURCE_MANAGER, as `xrdb` sets it) divided by 96, or 1 without one, kept from 0.25 to 8. Never the screen's
    /// millimetre size, which Xvfb and virtual machines report wrongly.
    public var preferredScale: Double {
        WaterfallWindow.validScale(resourceDPI.map { $0 / 96 } ?? 1)
    }
}
