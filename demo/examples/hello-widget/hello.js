// A minimal widget to copy: it only uses window.platform.
const out = document.getElementById('out')
const show = (value) => {
  out.textContent = typeof value === 'string' ? value : JSON.stringify(value, null, 2)
}

const info = await window.platform.initialize({ app_key: 'hello-widget' })
document.getElementById('context').textContent = `Running in ${info.context} (${info.locale})`

document.getElementById('token').addEventListener('click', async () => {
  try {
    // Send this to your backend; it exchanges it with your developer key (see demo/README.md).
    show(await window.platform.getSessionToken({ scope: ['provider.profile.read'] }))
  } catch (error) {
    show(`${error.code}: ${error.message}`)
  }
})

document.getElementById('buy').addEventListener('click', async () => {
  // Your backend then verifies result.receipt_id with monetization/verify.
  show(await window.platform.payment.pay({ product_key: 'pro' }))
})
