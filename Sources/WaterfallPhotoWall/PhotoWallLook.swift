import Waterfall
import WaterfallCards
import WaterfallLibrary

extension PhotoWall {
    /// The wall's and the lightbox's colours.
    public struct Look: Sendable, Equatable {
        /// The cards' and the section bars' colours.
        public var cards = CardColors()
        /// Behind the cards.
        public var background = Color(rgb: 0xECEFF3)
        /// The ring around the focused card.
        public var focusRing = Color(rgb: 0xE8590C)
        /// Around the photo in the lightbox.
        public var lightboxBackground = Color(rgb: 0x101113)
        /// The lightbox's text (why a photo cannot be shown).
        public var lightboxText = Color(rgb: 0xD8DCE2)

        /// The standard colours.
        public init() {}
    }
}
