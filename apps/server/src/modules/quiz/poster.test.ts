import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PERSONAS } from '../../seed/data/content';
import { POSTER_SIZE, personaPoster, posterFilename, posterLine } from './poster';

/** The persona's mascot poster (SPEC §2 Quiz: a downloadable poster) as a PNG. */

describe('persona poster', () => {
  it('is a portrait PNG of 1200 × 1600, drawn once per persona', async () => {
    const persona = PERSONAS[0]!;
    const png = await personaPoster(persona);
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([POSTER_SIZE.width, POSTER_SIZE.height]);
    expect([meta.width, meta.height]).toEqual([1200, 1600]);
    // The same bytes again, from memory.
    expect(await personaPoster({ ...persona })).toBe(png);
  });

  it('draws a different poster for each persona, with its own colours', async () => {
    const posters = await Promise.all(PERSONAS.map((p) => personaPoster(p)));
    expect(new Set(posters.map((p) => p.toString('base64'))).size).toBe(PERSONAS.length);
    // The corner colour is the persona's background: six personas, six backgrounds.
    const corners = await Promise.all(
      posters.map(async (png) => {
        const { data } = await sharp(png)
          .extract({ left: 10, top: 10, width: 1, height: 1 })
          .raw()
          .toBuffer({ resolveWithObject: true });
        return [...data.subarray(0, 3)].join(',');
      }),
    );
    expect(new Set(corners).size).toBe(6);
  });

  it('draws an edited persona again', async () => {
    const persona = PERSONAS[1]!;
    const before = await personaPoster(persona);
    const after = await personaPoster({ ...persona, title: 'DIY Earth Guardian, Renamed' });
    expect(after).not.toBe(before);
    expect(after.equals(before)).toBe(false);
  });

  it('names the download after the persona', () => {
    expect(posterFilename('Soft Start Sustainability Seeker')).toBe(
      'leafline-soft-start-sustainability-seeker.png',
    );
    expect(posterFilename('Ethical Overachiever (But Make It Kind)')).toBe(
      'leafline-ethical-overachiever-but-make-it-kind.png',
    );
    expect(posterFilename('DIY-ish Earth Guardian')).toBe('leafline-diy-ish-earth-guardian.png');
    expect(posterFilename('Café Crème')).toBe('leafline-cafe-creme.png');
  });

  it('prints the first sentence of the description, shortened at a word when long', () => {
    expect(posterLine('Hemp is your love language: low water. You champion the crop.')).toBe(
      'Hemp is your love language: low water.',
    );
    const long = `${'word '.repeat(60)}end.`;
    const line = posterLine(long, 40);
    expect(line.length).toBeLessThanOrEqual(40);
    expect(line).toMatch(/^word( word)*…$/);
  });
});
