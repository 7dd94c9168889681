import { describe, expect, it } from 'vitest';
import { geocodeLocation, normalizePlaceName } from './geocoder.ts';

describe('geocodeLocation', () => {
  it('resolves a city with its country name', () => {
    const place = geocodeLocation('Rotterdam, Netherlands');
    expect(place).toMatchObject({ place: 'Rotterdam, NL' });
    expect(place?.latitude).toBeCloseTo(51.92, 1);
    expect(place?.longitude).toBeCloseTo(4.48, 1);
  });

  it('resolves a US city with its state code or name', () => {
    expect(geocodeLocation('Chicago, IL')).toMatchObject({ place: 'Chicago, IL, US' });
    expect(geocodeLocation('Portland, Maine')).toMatchObject({ place: 'Portland, ME, US' });
    expect(geocodeLocation('Portland, OR')).toMatchObject({ place: 'Portland, OR, US' });
  });

  it('takes the most populous city when only the name is given', () => {
    expect(geocodeLocation('Hamburg')).toMatchObject({ place: 'Hamburg, DE' });
    expect(geocodeLocation('Rotterdam, NY')).toMatchObject({ place: 'Rotterdam, NY, US' });
  });

  it('ignores accents, case and qualifiers it does not know', () => {
    expect(geocodeLocation('sao paulo, brasil')).toMatchObject({ place: 'São Paulo, BR' });
    expect(geocodeLocation('HOUSTON, Harris County, USA')).toMatchObject({ place: 'Houston, TX, US' });
    expect(geocodeLocation('London (Port of Tilbury), UK')).toMatchObject({ place: 'London, GB' });
  });

  it('knows the English names of cities GeoNames lists under their local name', () => {
    expect(geocodeLocation('Antwerp, Belgium')).toMatchObject({ place: 'Antwerpen, BE' });
    expect(geocodeLocation('Cologne, Germany')).toMatchObject({ place: 'Köln, DE' });
    expect(geocodeLocation('New York')).toMatchObject({ place: 'New York City, NY, US' });
  });

  it('answers null for what it cannot resolve', () => {
    expect(geocodeLocation('Nowhere-in-particular')).toBeNull();
    expect(geocodeLocation('Hamburg, France')).toBeNull();
    expect(geocodeLocation('  ,  ')).toBeNull();
  });

  it('normalises names for lookup', () => {
    expect(normalizePlaceName('  Köln-Süd ')).toBe('koln sud');
  });
});
