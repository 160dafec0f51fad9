// jest's node environment on a V8 context without interceptors. jest-environment-node makes the test's
// context from a Proxy (vm.createContext(proxy)): every global lookup in test and source code then
// goes through V8's interceptor and the Proxy, and numeric code that reads `Math` in a loop ran 6–7×
// slower than under node (analysing 2,000 benchmarks: 31.6 s in jest, 4.7 s in node; a bare
// Math.abs loop: 70×). vm.constants.DONT_CONTEXTIFY (node ≥ 20.18) makes an ordinary global
// object instead; jest then installs its globals on it as before. What jest loses is the Proxy's
// record of globals a test file set, which it deletes at teardown to free memory early: the whole
// context is dropped with the environment anyway.
import vm from 'node:vm'
import NodeEnvironment from 'jest-environment-node'

export default class FastNodeEnvironment extends NodeEnvironment {
  constructor(config, context) {
    const createContext = vm.createContext
    if (vm.constants?.DONT_CONTEXTIFY !== undefined)
      vm.createContext = () => createContext(vm.constants.DONT_CONTEXTIFY)
    try {
      super(config, context)
    } finally {
      vm.createContext = createContext
    }
  }
}
