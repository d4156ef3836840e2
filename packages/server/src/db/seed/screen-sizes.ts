/**
 * The screen-size catalogue seeded at first start: the viewport each device gives a web page, in
 * CSS pixels, portrait (the tool rotates). The original listed device pixels of phones up to the
 * iPhone 12, which a page never sees; the remark says the screen and its pixel ratio.
 */
export interface ScreenSizeSeed {
  name: string;
  width: number;
  height: number;
  remark: string;
}

export const SCREEN_SIZES: ScreenSizeSeed[] = [
  { name: 'iPhone SE', width: 375, height: 667, remark: '4.7" · DPR 2' },
  { name: 'iPhone 14', width: 390, height: 844, remark: '6.1" · DPR 3' },
  { name: 'iPhone 15', width: 393, height: 852, remark: '6.1" · DPR 3' },
  { name: 'iPhone 15 Pro', width: 393, height: 852, remark: '6.1" · DPR 3' },
  { name: 'iPhone 15 Pro Max', width: 430, height: 932, remark: '6.7" · DPR 3' },
  { name: 'iPhone 16', width: 393, height: 852, remark: '6.1" · DPR 3' },
  { name: 'iPhone 16 Pro', width: 402, height: 874, remark: '6.3" · DPR 3' },
  { name: 'iPhone 16 Pro Max', width: 440, height: 956, remark: '6.9" · DPR 3' },
  { name: 'Pixel 8', width: 412, height: 915, remark: '6.2" · DPR 2.625' },
  { name: 'Pixel 8 Pro', width: 448, height: 998, remark: '6.7" · DPR 3' },
  { name: 'Galaxy S24', width: 360, height: 780, remark: '6.2" · DPR 3' },
  { name: 'Galaxy S24 Ultra', width: 384, height: 832, remark: '6.8" · DPR 3.75' },
  { name: 'Galaxy Z Fold5 (folded)', width: 344, height: 882, remark: '6.2" · DPR 2.625' },
  { name: 'iPad mini', width: 744, height: 1133, remark: '8.3" · DPR 2' },
  { name: 'iPad Air 11"', width: 820, height: 1180, remark: '11" · DPR 2' },
  { name: 'iPad Air 13"', width: 1024, height: 1366, remark: '13" · DPR 2' },
  { name: 'iPad Pro 11"', width: 834, height: 1210, remark: '11" · DPR 2' },
  { name: 'iPad Pro 13"', width: 1032, height: 1376, remark: '13" · DPR 2' },
  { name: 'Galaxy Tab S9', width: 800, height: 1280, remark: '11" · DPR 2' },
  { name: 'Surface Pro', width: 912, height: 1368, remark: '13" · DPR 2' },
  { name: 'Laptop 1280×800', width: 1280, height: 800, remark: 'Desktop' },
  { name: 'Laptop 1366×768', width: 1366, height: 768, remark: 'Desktop' },
  { name: 'Laptop 1440×900', width: 1440, height: 900, remark: 'Desktop' },
  { name: 'MacBook Air 13"', width: 1470, height: 956, remark: 'Desktop · DPR 2' },
  { name: 'Laptop 1536×864', width: 1536, height: 864, remark: 'Desktop · 1920×1080 at 125 %' },
  { name: 'Full HD 1920×1080', width: 1920, height: 1080, remark: 'Desktop' },
  { name: 'QHD 2560×1440', width: 2560, height: 1440, remark: 'Desktop' },
];
