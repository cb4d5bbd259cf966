import Foundation

extension Canvas {
    /// Fills the pixels right of `contentWidth` and below `contentHeight` by repeating the last
    /// content column and row, for encoders that need even sizes (H.264 4:2:0) while the device's
    /// pixel size is odd. Call after `draw`; does nothing when the content fills the canvas.
    public func padEdges(contentWidth: Int, contentHeight: Int) {
        let width = min(max(contentWidth, 1), pixelWidth)
        let height = min(max(contentHeight, 1), pixelHeight)
        guard width < pixelWidth || height < pixelHeight else { return }
        withMutablePixels { data in
            let stride = self.stride
            if width < pixelWidth {
                for y in 0..<height {
                    let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                    let last = row[width - 1]
                    for x in width..<pixelWidth {
                        row[x] = last
                    }
                }
            }
            let lastRow = data + (height - 1) * stride
            for y in height..<pixelHeight {
                (data + y * stride).update(from: lastRow, count: pixelWidth * 4)
            }
        }
    }
}
