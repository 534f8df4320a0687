export async function lighthouseBench() { console.log('lighthouse: not yet'); }
