import Waterfall

/// Turns colours into pixel values from a TrueColor visual's channel masks, with no request to the server.
struct PixelFormat {
    private let red: Channel
    private let green: Channel
    private let blue: Channel

    private struct Channel {
        let shift: Int
        let bits: Int

        init(mask: UInt) {
            shift = mask == 0 ? 0 : mask.trailingZeroBitCount
            bits = (mask >> shift).nonzeroBitCount
        }

        func place(_ value: UInt8) -> UInt {
            guard bits > 0 else { return 0 }
            let maximum = (UInt(1) << bits) - 1
            return ((UInt(value) * maximum + 127) / 255) << shift
        }
    }

    /// The format of the connection's default visual, or `nil` when it is not TrueColor.
    init?(_ connection: XlibConnection) {
        guard let masks = connection.trueColorMasks else { return nil }
        self.init(redMask: masks.red, greenMask: masks.green, blueMask: masks.blue)
    }

    init(redMask: UInt, greenMask: UInt, blueMask: UInt) {
        red = Channel(mask: redMask)
        green = Channel(mask: greenMask)
        blue = Channel(mask: blueMask)
    }

    /// The pixel value of `color`.
    func pixel(for color: Color) -> UInt {
        red.place(color.red) | green.place(color.green) | blue.place(color.blue)
    }
}
