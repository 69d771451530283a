import CX11

extension Display {
    /// The desktop's scale, pixels per point: `Xft.dpi` from the resource database the root window holds
    /// (RESOURCE_MANAGER, as `xrdb` sets it) divided by 96, or 1 without one, kept from 0.25 to 8. Never the screen's
    /// millimetre size, which Xvfb and virtual machines report wrongly.
    public var preferredScale: Double {
        WaterfallWindow.validScale(resourceDPI.map { $0 / 96 } ?? 1)
    }

    /// `Xft.dpi` as the resource database the server had at connection time says, when it says a positive number.
    var resourceDPI: Double? {
        guard let resources = XResourceManagerString(handle) else { return nil }
        XrmInitialize()
        guard let database = XrmGetStringDatabase(resources) else { return nil }
        defer { XrmDestroyDatabase(database) }
        var type: UnsafeMutablePointer<CChar>?
        var value = XrmValue()
        guard XrmGetResource(database, "Xft.dpi", "Xft.Dpi", &type, &value) != 0, let address = value.addr,
              let dpi = Double(String(cString: address).filter { $0 != " " && $0 != "\t" }), dpi.isFinite, dpi > 0 else { return nil }
        return dpi
    }

    /// The screen's default colormap (Xft's colours are made in it; with a TrueColor visual, without a request).
    var colormap: Colormap {
        XDefaultColormap(handle, screen)
    }
}
