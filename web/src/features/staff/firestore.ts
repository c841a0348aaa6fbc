import { connectFirestoreEmulator, initializeFirestore, type Firestore } from 'firebase/firestore';
import { firebaseApp } from '../../lib/firebase';

// Only the staff console reads Firestore from the browser (the rules open it to the staff claim
// alone), so the Firestore SDK lives in this feature's chunk and loads on /staff only.
let instance: Firestore | undefined;

export function staffFirestore(): Firestore {
  if (instance) return instance;
  instance = initializeFirestore(firebaseApp, {});
  const emulator = import.meta.env.VITE_FIRESTORE_EMULATOR_HOST;
  if (emulator) {
    const [host, port] = emulator.split(':');
    connectFirestoreEmulator(instance, host, Number(port));
  }
  return instance;
}
