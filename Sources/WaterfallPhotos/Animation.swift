/// An animation's frames at the size they are shown (a GIF's or an animated WebP's), each composed on the canvas as
/// a browser composes it, upright, laid over the background and in the display's colours, with how long each shows.
public struct Animation: Sendable {
    /// The frames, in order: each a whole picture of the canvas at that moment.
    public var frames: [Thumbnail]
    /// How long each frame shows, in seconds. A delay of 10 ms or less in the file shows for 100 ms, as browsers
    /// show it (such files count on that).
    public var delays: [Double]

    /// An animation of `frames`, each shown for its delay in `delays` (as many).
    public init(frames: [Thumbnail], delays: [Double]) {
        self.frames = frames
        self.delays = delays
    }

    /// How long the shortest delay a file may ask for is taken to be: delays at or under it show for `shortDelay`.
    static let shortestDelay = 0.010
    /// What a delay of `shortestDelay` or less shows for.
    static let shortDelay = 0.100

    /// The delay a frame shows for when its file asks for `seconds`.
    static func delay(_ seconds: Double) -> Double { seconds <= shortestDelay ? shortDelay : seconds }

    /// How many bytes the frames take.
    public var byteCount: Int { frames.reduce(0) { $0 + $1.byteCount } }
}
