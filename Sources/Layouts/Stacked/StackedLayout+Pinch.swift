public import CollectionEngine

extension StackedLayout {
    /// The pinch below opens a stack.
    public var handlesPinches: Bool { true }

    /// Listing 6.11 (with [S-MP]'s collapse): a pinch that begins over a stack pinches it; its scale opens
    /// the stack; when the fingers lift past half the range (progress > 0.5; the slides' scale > 2.5 in
    /// ``StacksLayout``) the stack opens as ``makeOpenedFlowLayout()`` (the book then scrolls to its first
    /// item), else it collapses back in an animated empty batch.
    public func collectionView(_ collectionView: CollectionView, pinch state: GestureState, at location: Point,
                               scale: Double) {
        switch state {
        case .began:
            if let indexPath = collectionView.indexPathForItem(at: location) {
                pinchedStackScale = 1
                pinchedStackIndex = indexPath.section
            }
        case .changed:
            guard isPinching else { return }
            pinchedStackScale = scale
            pinchedStackCenter = location
        case .ended, .cancelled:
            guard let section = pinchedStackIndex else { return }
            if opensOnRelease {
                open(section, in: collectionView)
            } else {
                collapse(in: collectionView)
            }
        }
    }

    /// The flow layout a pinched stack opens as, whose metrics also place the grid it opens toward: One
    /// Hundred Pixels' `AFCollectionViewFlowLayout`, with ``gridItemSize`` items, inset and spacings 13.
    public func makeOpenedFlowLayout() -> FlowLayout {
        makeOpenedLayout()
    }

    /// Opens the pinched stack as a flow layout, animated through this layout's own transition, then scrolls
    /// to the stack's first item. The pinch state is left as it is (the book's quirk, notes [E18]): the
    /// transition starts from the open stack, and this instance is not shown again.
    private func open(_ section: Int, in collectionView: CollectionView) {
        let flow = makeOpenedFlowLayout()
        setOpenedFlowLayout(flow)
        collectionView.setCollectionViewLayout(flow, animated: true) { [weak self, weak collectionView] _ in
            guard let self, self.scrollsToOpenedStack, let collectionView, collectionView.collectionViewLayout === flow,
                  section < collectionView.numberOfSections, collectionView.numberOfItems(inSection: section) > 0 else {
                return
            }
            collectionView.scrollToItem(at: IndexPath(item: 0, section: section), at: .top, animated: true)
        }
    }

    /// [S-MP]'s collapse: the pinch state resets inside an animated empty batch, hidden items kept visible
    /// (`collapsing`) so that they animate back into the stack, hidden again once it has collapsed.
    private func collapse(in collectionView: CollectionView) {
        setCollapsing(true)
        pinchedStackIndex = nil
        pinchedStackScale = 1
        do {
            try collectionView.performBatchUpdates([], animated: true) { [weak self] _ in
                self?.setCollapsing(false)
            }
        } catch {
            // The data source changed its counts without telling the collection view: nothing to animate.
            setCollapsing(false)
        }
    }
}
