// A QR code drawn as SVG in the page (no image request, nothing the CSP has to allow): the otpauth://
// address an authenticator app scans.
import { create } from 'qrcode';
import { useMemo } from 'react';

const QUIET_ZONE = 4;

export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const { path, width } = useMemo(() => {
    const { modules } = create(value, { errorCorrectionLevel: 'M' });
    const squares: string[] = [];
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        if (modules.get(row, col)) squares.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
      }
    }
    return { path: squares.join(''), width: modules.size + QUIET_ZONE * 2 };
  }, [value]);

  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${width} ${width}`}
      shapeRendering="crispEdges"
      data-otpauth-uri={value}
    >
      <rect width={width} height={width} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
