// Every value this package takes from React comes through here, so a bundle that keeps React
// external (our dist, a size measurement) carries one `import … from "react"` instead of one per
// file. Types are imported from 'react' directly (they are erased).
export {
  Component,
  createContext,
  createElement as h,
  Fragment,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
