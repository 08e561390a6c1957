/**
 * Optional sound, off unless the player turns it on (the setting is kept in the browser): a short tone
 * when a card is played, two rising notes when a trick is won. The tones are made with the Web Audio API,
 * so the page loads no sound file. The audio context is made at the first sound, and only once the
 * player has used the page (a browser lets a page start sound only then); before that, and where there
 * is no Web Audio, the page stays silent.
 *
 * @module
 */

/** What the page can sound: a card played, a trick won. */
export type Sound = 'card' | 'trick';

/** Where the page keeps the sound setting in the browser (`localStorage`): `'1'` when it is on. */
export const SOUND_KEY = 'whist.sound';

/** The page's sound: plays a sound, and lets go of the audio context when sound is turned off. */
export interface Sounds {
  play(sound: Sound): void;
  close(): void;
}

/** One note: a frequency (Hz), when it starts and how long it lasts (s), with a soft attack and a quick fade. */
function note(context: AudioContext, frequency: number, start: number, length: number, type: OscillatorType, peak: number): void {
  const osc = context.createOscillator();
  const gain = context.createGain();
  osc.type = type;
  osc.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(peak, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(gain).connect(context.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

/** The page's sounds, made with Web Audio; silent where the browser has none or the player has not yet used the page. */
export function createSounds(): Sounds {
  let context: AudioContext | null = null;
  return {
    play(sound) {
      if (typeof AudioContext === 'undefined') return;
      const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation;
      if (context === null && activation !== undefined && !activation.hasBeenActive) return;
      try {
        context ??= new AudioContext();
        if (context.state === 'suspended') void context.resume().catch(() => {});
        const t = context.currentTime + 0.01;
        if (sound === 'card') note(context, 660, t, 0.07, 'triangle', 0.12);
        else {
          note(context, 523.25, t, 0.12, 'sine', 0.14);
          note(context, 783.99, t + 0.1, 0.18, 'sine', 0.14);
        }
      } catch {
        // No audio device, or too many contexts: the game goes on without sound.
      }
    },
    close() {
      void context?.close().catch(() => {});
      context = null;
    },
  };
}
