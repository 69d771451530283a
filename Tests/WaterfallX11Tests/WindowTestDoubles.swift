import Waterfall
import WaterfallX11

/// `count` cells of `height` px, all of reuse identifier "cell" (register it on the view).
final class FixedHeightSource: CollectionViewDataSource {
    let count: Int
    let height: Double

    init(count: Int, height: Double) {
        self.count = count
        self.height = height
    }

    func numberOfItems(inSection section: Int) -> Int { count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: ItemPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell")
    }
    func heightOfItem(at indexPath: ItemPath, width columnWidth: Double) -> Double? { height }
}

extension StatusBar {
    /// The bar the windows of these tests show: 20 points, the demo's colours, `text` in it.
    static func testBar(text: @escaping () -> String = { "" }) -> StatusBar {
        StatusBar(height: 20, backgroundColor: Color(rgb: 0x2B2F36), textColor: Color(rgb: 0xE8EAED), text: text)
    }
}

/// A clock the test moves by hand, in nanoseconds, for a window's `TimerQueue`.
final class ManualClock {
    var now: UInt64

    init(now: UInt64) { self.now = now }

    /// Sets the time to `seconds` after the clock's zero.
    func set(seconds: Double) { now = UInt64(seconds * 1e9) }
}
