/// One laid-out section: its columns (a `WaterfallLayout` with no top and bottom insets, placed at
/// `columnsTop`) between its header and its footer.
///
/// ```
/// top + insets.top          header (when its height is above 0), then rowSpacing
/// columnsTop                the columns (when there are items), then rowSpacing
///                           footer (when its height is above 0)
/// bottom                    the last of those + insets.bottom: where the next section starts
/// ```
struct SectionGeometry {
    /// The section's items, laid out from y = 0.
    let columns: WaterfallLayout
    /// Where the section starts: the previous section's bottom, or 0.
    var top: Double = 0
    /// The style the data source gave the section, which its settings below and its columns' come from.
    var style = SectionStyle()
    var insets = EdgeInsets(all: 0)
    var rowSpacing: Double = 0
    var headerHeight: Double = 0
    var footerHeight: Double = 0

    init(columns: WaterfallLayout) {
        self.columns = columns
    }

    /// The header's frame, when the section has one.
    var headerFrame: Rect? {
        guard headerHeight > 0 else { return nil }
        return Rect(x: insets.left, y: top + insets.top, width: fullWidth, height: headerHeight)
    }

    /// Where the columns start.
    var columnsTop: Double {
        top + insets.top + (headerHeight > 0 ? headerHeight + rowSpacing : 0)
    }

    /// Below the columns' tallest bottom (or the header when there are no items): where the footer goes.
    private var columnsEnd: Double {
        columns.numberOfItems > 0 ? columnsTop + columns.contentSize.height + rowSpacing : columnsTop
    }

    /// The footer's frame, when the section has one.
    var footerFrame: Rect? {
        guard footerHeight > 0 else { return nil }
        return Rect(x: insets.left, y: columnsEnd, width: fullWidth, height: footerHeight)
    }

    /// Where the section ends and the next one starts: below its last element (the footer, else the columns, else
    /// the header) by the bottom inset. Taken from that element's end, never as a sum less the row spacing, which
    /// loses items thinner than the spacing's last digit.
    var bottom: Double {
        let end: Double
        if let footer = footerFrame {
            end = footer.maxY
        } else if columns.numberOfItems > 0 {
            end = columnsTop + columns.contentSize.height
        } else if let header = headerFrame {
            end = header.maxY
        } else {
            end = top + insets.top
        }
        return end + insets.bottom
    }

    /// The width inside the section's left and right insets.
    var fullWidth: Double { max(0, columns.width - insets.left - insets.right) }
}
