/**
 * Ends the current task: the promise resolves in a new one, so that what the browser has waiting (input, paint)
 * runs in between. A long task (over 50 ms) is what Lighthouse's Total Blocking Time counts; work split at these
 * points is counted per piece (docs/decisions/116 and 132).
 */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
