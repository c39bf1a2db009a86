import { describe, expect, it } from 'vitest';
import { webcamLegende } from './webcam';

describe('webcamLegende', () => {
  it.each([
    ['https://webcams.example.fr/garonne/cam_20220125_1430.jpg', 'le 25/01/2022 à 14h30'],
    ['https://webcams.example.fr/garonne/2022-01-25-14-30.jpg', 'le 25/01/2022 à 14h30'],
    ['https://webcams.example.fr/garonne/20220125143000.jpg', 'le 25/01/2022 à 14h30'],
    ['https://x.example/img/2022/01/25/14h30.jpg', 'le 25/01/2022 à 14h30'],
    ['https://x.example/img/lac_2021-07-16T08:05:00.jpeg', 'le 16/07/2021 à 08h05'],
    ['https://x.example/img/snap_2022.01.25_23.59.png', 'le 25/01/2022 à 23h59'],
    ['/uploads/webcam/pont-neuf-20220131-0000.webp', 'le 31/01/2022 à 00h00'],
    ['https://x.example/archive/2022-01-25/image.jpg', 'le 25/01/2022'],
    // The last date wins (folder of the day, then the file with its time).
    ['https://x.example/2022-01-24/cam_20220125_0915.jpg', 'le 25/01/2022 à 09h15'],
  ])('%s → %s', (url, legende) => expect(webcamLegende(url)).toBe(legende));

  it.each([
    ['https://webcams.example.fr/garonne/latest.jpg'],
    ['https://192.168.120.220/cam/image.jpg'],
    ['https://x.example/cam_20221345_1430.jpg'],
    ['https://x.example/cam_20220230_1430.jpg'],
    ['https://x.example/photo_123202201251430999.jpg'],
    [''],
  ])('%s → null', (url) => expect(webcamLegende(url)).toBeNull());

  it('keeps the date but drops an impossible time', () => {
    expect(webcamLegende('https://x.example/cam_20220125_2575.jpg')).toBe('le 25/01/2022');
  });
});
